//! `qXfer:features:read:target.xml`: the x86-64-mimic description with this kernel's vector registers.

use super::{copy_range, GdbTarget};
use gdbstub::target::ext::target_description_xml_override::TargetDescriptionXmlOverride;
use gdbstub::target::{TargetError, TargetResult};

impl TargetDescriptionXmlOverride for GdbTarget {
    fn target_description_xml(
        &self,
        annex: &[u8],
        offset: u64,
        length: usize,
        buf: &mut [u8],
    ) -> TargetResult<usize, Self> {
        if annex != b"target.xml" {
            return Err(TargetError::NonFatal);
        }
        Ok(copy_range(self.xml.as_bytes(), offset, length, buf))
    }
}
