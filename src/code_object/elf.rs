//! The AMDGPU ELF header: identification, `e_machine`, `e_flags` (AMDGPUUsage "ELF Code Object" / "Header").
//!
//! The header is read by hand from the first 64 bytes, before the `object` crate sees the file: `object` reports
//! `Architecture::Unknown` for AMDGPU, and reading the identification first lets every wrong input get one
//! message naming what it is (an x86 object, an ELF32 file, a gfx90a code object, ...).

use super::LoadError;

/// `e_machine` of every AMDGPU code object (r600 and amdgcn).
pub const EM_AMDGPU: u16 = 224;
/// `e_ident[EI_OSABI]` for the `amdhsa` OS (the ROCm runtime).
pub const ELFOSABI_AMDGPU_HSA: u8 = 64;
pub const ELFOSABI_AMDGPU_PAL: u8 = 65;
pub const ELFOSABI_AMDGPU_MESA3D: u8 = 66;
/// `e_ident[EI_ABIVERSION]` values under `ELFOSABI_AMDGPU_HSA`: code object version = value + 2.
pub const ELFABIVERSION_AMDGPU_HSA_V4: u8 = 2;
pub const ELFABIVERSION_AMDGPU_HSA_V5: u8 = 3;
pub const ELFABIVERSION_AMDGPU_HSA_V6: u8 = 4;

/// `e_flags` processor selection mask (`EF_AMDGPU_MACH`).
pub const EF_AMDGPU_MACH: u32 = 0x0ff;
pub const EF_AMDGPU_MACH_AMDGCN_GFX950: u32 = 0x04f;
/// The generic processor whose members are gfx940, gfx941, gfx942 and gfx950 (AMDGPUUsage "Generic Processors"):
/// the ROCm runtime loads such a code object on a gfx950 device, which runs it as gfx950 code.
pub const EF_AMDGPU_MACH_AMDGCN_GFX9_4_GENERIC: u32 = 0x05f;
/// The generic versions of `gfx9-4-generic` a gfx950 device accepts (1 is the only one defined).
pub const GFX9_4_GENERIC_VERSIONS: std::ops::RangeInclusive<u32> = 1..=1;
/// XNACK selection (code object v4 and later).
pub const EF_AMDGPU_FEATURE_XNACK_V4: u32 = 0x300;
/// SRAMECC selection (code object v4 and later).
pub const EF_AMDGPU_FEATURE_SRAMECC_V4: u32 = 0xc00;
/// Generic code object version (code object v6 and later), in the most significant byte.
pub const EF_AMDGPU_GENERIC_VERSION_V: u32 = 0xff00_0000;

const ET_REL: u16 = 1;
const ET_EXEC: u16 = 2;
const ET_DYN: u16 = 3;

/// Setting of a target feature (`xnack`, `sramecc`) in `e_flags` (AMDGPUUsage table
/// "AMDGPU ELF Header e_flags for Code Object V4 and V5" / "V6 and After").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeatureSetting {
    /// `*_UNSUPPORTED_V4` (0): the processor lacks the feature.
    Unsupported,
    /// `*_ANY_V4`: the code runs with the feature on or off (clang's default for gfx950).
    Any,
    /// `*_OFF_V4`: compiled with `feature-`.
    Off,
    /// `*_ON_V4`: compiled with `feature+`.
    On,
}

impl FeatureSetting {
    /// From the two bits of the selection field, already shifted down.
    fn from_bits(v: u32) -> FeatureSetting {
        match v & 3 {
            0 => FeatureSetting::Unsupported,
            1 => FeatureSetting::Any,
            2 => FeatureSetting::Off,
            _ => FeatureSetting::On,
        }
    }
}

/// What the ELF header says, once it is known to be a gfx950 HSA code object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ElfHeaderInfo {
    /// `e_ident[EI_OSABI]` (always `ELFOSABI_AMDGPU_HSA` after the checks).
    pub os_abi: u8,
    /// `e_ident[EI_ABIVERSION]`.
    pub abi_version: u8,
    /// Code object version (4, 5 or 6).
    pub code_object_version: u32,
    /// `e_flags` as stored.
    pub e_flags: u32,
    /// `e_flags & EF_AMDGPU_MACH`.
    pub mach: u32,
    /// The processor `e_flags` name: `gfx950`, or `gfx9-4-generic` (run as gfx950, its member).
    pub processor: &'static str,
    pub xnack: FeatureSetting,
    pub sramecc: FeatureSetting,
    /// `e_type` (`ET_DYN` after the checks).
    pub e_type: u16,
}

/// Processor name of an `EF_AMDGPU_MACH_*` value (AMDGPUUsage table "AMDGPU EF_AMDGPU_MACH Values"; checked
/// against the names llvm-readelf-22 prints for each value).
pub fn mach_name(mach: u32) -> Option<&'static str> {
    Some(match mach {
        0x001 => "r600",
        0x002 => "r630",
        0x003 => "rs880",
        0x004 => "rv670",
        0x005 => "rv710",
        0x006 => "rv730",
        0x007 => "rv770",
        0x008 => "cedar",
        0x009 => "cypress",
        0x00a => "juniper",
        0x00b => "redwood",
        0x00c => "sumo",
        0x00d => "barts",
        0x00e => "caicos",
        0x00f => "cayman",
        0x010 => "turks",
        0x020 => "gfx600",
        0x021 => "gfx601",
        0x022 => "gfx700",
        0x023 => "gfx701",
        0x024 => "gfx702",
        0x025 => "gfx703",
        0x026 => "gfx704",
        0x028 => "gfx801",
        0x029 => "gfx802",
        0x02a => "gfx803",
        0x02b => "gfx810",
        0x02c => "gfx900",
        0x02d => "gfx902",
        0x02e => "gfx904",
        0x02f => "gfx906",
        0x030 => "gfx908",
        0x031 => "gfx909",
        0x032 => "gfx90c",
        0x033 => "gfx1010",
        0x034 => "gfx1011",
        0x035 => "gfx1012",
        0x036 => "gfx1030",
        0x037 => "gfx1031",
        0x038 => "gfx1032",
        0x039 => "gfx1033",
        0x03a => "gfx602",
        0x03b => "gfx705",
        0x03c => "gfx805",
        0x03d => "gfx1035",
        0x03e => "gfx1034",
        0x03f => "gfx90a",
        0x040 => "gfx940",
        0x041 => "gfx1100",
        0x042 => "gfx1013",
        0x043 => "gfx1150",
        0x044 => "gfx1103",
        0x045 => "gfx1036",
        0x046 => "gfx1101",
        0x047 => "gfx1102",
        0x048 => "gfx1200",
        0x049 => "gfx1250",
        0x04a => "gfx1151",
        0x04b => "gfx941",
        0x04c => "gfx942",
        0x04e => "gfx1201",
        0x04f => "gfx950",
        0x051 => "gfx9-generic",
        0x052 => "gfx10-1-generic",
        0x053 => "gfx10-3-generic",
        0x054 => "gfx11-generic",
        0x055 => "gfx1152",
        0x058 => "gfx1153",
        0x059 => "gfx12-generic",
        0x05a => "gfx1251",
        0x05f => "gfx9-4-generic",
        _ => return None,
    })
}

/// A few common `e_machine` values, so a wrong file is named in the error.
fn machine_name(machine: u16) -> Option<&'static str> {
    Some(match machine {
        3 => "i386",
        8 => "MIPS",
        20 => "PowerPC",
        21 => "PowerPC64",
        22 => "S/390",
        40 => "ARM",
        50 => "IA-64",
        62 => "x86-64",
        183 => "AArch64",
        190 => "NVIDIA CUDA",
        224 => "AMDGPU",
        243 => "RISC-V",
        247 => "BPF",
        258 => "LoongArch",
        _ => return None,
    })
}

fn describe_machine(machine: u16) -> String {
    match machine_name(machine) {
        Some(n) => format!("{n} (e_machine {machine})"),
        None => format!("e_machine {machine}"),
    }
}

fn os_abi_name(os_abi: u8) -> String {
    match os_abi {
        0 => "ELFOSABI_NONE (0, no OS)".into(),
        3 => "ELFOSABI_GNU (3)".into(),
        ELFOSABI_AMDGPU_HSA => "ELFOSABI_AMDGPU_HSA (64)".into(),
        ELFOSABI_AMDGPU_PAL => "ELFOSABI_AMDGPU_PAL (65, the PAL graphics runtime)".into(),
        ELFOSABI_AMDGPU_MESA3D => "ELFOSABI_AMDGPU_MESA3D (66, Mesa)".into(),
        v => format!("{v}"),
    }
}

fn u16_le(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_le(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn u64_le(b: &[u8], at: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(a)
}

/// Check the identification and the AMDGPU fields of the ELF header, in the order that names a wrong input
/// most precisely, and that the header tables lie inside the file.
pub fn check_header(bytes: &[u8]) -> Result<ElfHeaderInfo, LoadError> {
    const MAGIC: [u8; 4] = [0x7f, b'E', b'L', b'F'];
    if bytes.len() < 4 || bytes[..4] != MAGIC {
        let shown: Vec<String> = bytes.iter().take(4).map(|b| format!("{b:02x}")).collect();
        return Err(LoadError::NotElf(if bytes.is_empty() {
            "the file is empty".into()
        } else {
            format!(
                "it starts with {}, not 7f 45 4c 46 (\"\\x7fELF\")",
                shown.join(" ")
            )
        }));
    }
    // EI_CLASS is byte 4; e_machine (offset 18) is at the same place in ELF32 and ELF64.
    if bytes.len() < 20 {
        return Err(LoadError::Truncated(format!(
            "{} bytes, shorter than the ELF identification and e_machine",
            bytes.len()
        )));
    }
    let machine = u16_le(bytes, 18);
    match bytes[4] {
        2 => {}
        1 => {
            return Err(LoadError::WrongClass(format!(
                "an ELF32 file for {}; AMDGPU amdgcn code objects are ELF64",
                describe_machine(machine)
            )))
        }
        c => {
            return Err(LoadError::WrongClass(format!(
                "EI_CLASS {c} is neither ELF32 nor ELF64"
            )))
        }
    }
    if bytes[5] != 1 {
        return Err(LoadError::WrongClass(format!(
            "EI_DATA {} is not little-endian (ELFDATA2LSB), as every AMDGPU code object is",
            bytes[5]
        )));
    }
    if machine != EM_AMDGPU {
        return Err(LoadError::NotAmdgpu(describe_machine(machine)));
    }
    if bytes.len() < 64 {
        return Err(LoadError::Truncated(format!(
            "{} bytes, shorter than the 64-byte ELF64 header",
            bytes.len()
        )));
    }
    let e_type = u16_le(bytes, 16);
    let e_flags = u32_le(bytes, 48);
    let mach = e_flags & EF_AMDGPU_MACH;
    if mach != EF_AMDGPU_MACH_AMDGCN_GFX950 && mach != EF_AMDGPU_MACH_AMDGCN_GFX9_4_GENERIC {
        return Err(LoadError::WrongProcessor {
            processor: mach_name(mach)
                .unwrap_or("an unknown processor")
                .to_string(),
            mach,
        });
    }
    let os_abi = bytes[7];
    let abi_version = bytes[8];
    if os_abi != ELFOSABI_AMDGPU_HSA {
        return Err(LoadError::Unsupported(format!(
            "EI_OSABI is {}; wavescope loads amdhsa code objects (ELFOSABI_AMDGPU_HSA, 64), \
             as clang -target amdgcn-amd-amdhsa builds them",
            os_abi_name(os_abi)
        )));
    }
    let code_object_version = match abi_version {
        ELFABIVERSION_AMDGPU_HSA_V4 => 4,
        ELFABIVERSION_AMDGPU_HSA_V5 => 5,
        ELFABIVERSION_AMDGPU_HSA_V6 => 6,
        v => {
            return Err(LoadError::Unsupported(format!(
                "EI_ABIVERSION {v} is code object v{}; wavescope loads code object v4, v5 and v6",
                v as u32 + 2
            )))
        }
    };
    if mach == EF_AMDGPU_MACH_AMDGCN_GFX9_4_GENERIC {
        // AMDGPUUsage "Generic Processor Versioning": generic processors need code object v6 and a generic
        // version in e_flags' top byte; the runtime refuses a version its device does not support.
        let version = (e_flags & EF_AMDGPU_GENERIC_VERSION_V) >> 24;
        if code_object_version < 6 {
            return Err(LoadError::Unsupported(format!(
                "e_flags name gfx9-4-generic in a code object v{code_object_version}; generic processors \
                 need code object v6"
            )));
        }
        if !GFX9_4_GENERIC_VERSIONS.contains(&version) {
            return Err(LoadError::Unsupported(format!(
                "gfx9-4-generic code object of generic version {version} (e_flags {e_flags:#x}); a gfx950 \
                 device runs generic version {}",
                GFX9_4_GENERIC_VERSIONS.end()
            )));
        }
    }
    match e_type {
        ET_DYN => {}
        ET_REL => {
            return Err(LoadError::Unsupported(
                "this is a relocatable object (ET_REL, from clang -c); link it into a shared code object \
                 (clang without -c, or ld.lld -shared) as the ROCm loader requires"
                    .into(),
            ))
        }
        ET_EXEC => {
            return Err(LoadError::Unsupported(
                "e_type is ET_EXEC; AMDGPU code objects are shared objects (ET_DYN)".into(),
            ))
        }
        t => return Err(LoadError::Unsupported(format!("e_type {t} is not ET_DYN"))),
    }
    // The program and section header tables must lie inside the file: a clear "truncated" beats the
    // generic complaint `object` would give.
    let file_len = bytes.len() as u128;
    let e_phoff = u64_le(bytes, 32) as u128;
    let e_shoff = u64_le(bytes, 40) as u128;
    let e_phentsize = u16_le(bytes, 54) as u128;
    let e_phnum = u16_le(bytes, 56) as u128;
    let e_shentsize = u16_le(bytes, 58) as u128;
    let e_shnum = u16_le(bytes, 60) as u128;
    let ph_end = e_phoff + e_phentsize * e_phnum;
    let sh_end = e_shoff + e_shentsize * e_shnum;
    if e_phnum > 0 && ph_end > file_len {
        return Err(LoadError::Truncated(format!(
            "the program headers end at byte {ph_end} but the file has {file_len} bytes"
        )));
    }
    if e_shnum > 0 && sh_end > file_len {
        return Err(LoadError::Truncated(format!(
            "the section headers end at byte {sh_end} but the file has {file_len} bytes"
        )));
    }
    Ok(ElfHeaderInfo {
        os_abi,
        abi_version,
        code_object_version,
        e_flags,
        mach,
        processor: if mach == EF_AMDGPU_MACH_AMDGCN_GFX950 {
            "gfx950"
        } else {
            "gfx9-4-generic"
        },
        xnack: FeatureSetting::from_bits((e_flags & EF_AMDGPU_FEATURE_XNACK_V4) >> 8),
        sramecc: FeatureSetting::from_bits((e_flags & EF_AMDGPU_FEATURE_SRAMECC_V4) >> 10),
        e_type,
    })
}
