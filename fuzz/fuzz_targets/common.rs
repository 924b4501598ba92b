//! Shared by the fuzz targets: pick a registered variant from the first input byte.
#![allow(dead_code)]

pub fn variant(data: &[u8]) -> (&'static str, &[u8]) {
    let vs = frozen_variants::VARIANTS;
    if vs.is_empty() || data.is_empty() {
        return ("", data);
    }
    (vs[data[0] as usize % vs.len()].name, &data[1..])
}
