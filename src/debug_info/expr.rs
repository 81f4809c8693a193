//! DWARF location expressions evaluated for one lane of a wave.
//!
//! Register numbers follow AMDGPUUsage "Register Identifier" (the DWARF register mapping table); address spaces
//! follow AMDGPUUsage "Address Space Identifier". The `DW_OP_LLVM_*` operations of
//! AMDGPUDwarfExtensionsForHeterogeneousDebugging are read from their `DW_OP_LLVM_user` (0xe9) encoding; gimli
//! parses every standard operation.
//!
//! clang 22 (upstream) for OpenCL and HIP appends `<aspace> DW_OP_swap DW_OP_xderef` to every variable's
//! expression: it is the address space of the variable's declaration (`DW_ASPACE_AMDGPU_private_lane` = 5 for
//! OpenCL private variables, `DW_ASPACE_AMDGPU_generic` = 1 for HIP) written by clang for the `dbg.declare` of the
//! variable's stack slot. At -O0 the operand is the slot's address (`DW_OP_fbreg`) and the triple means "this
//! address is in that address space", like `DW_OP_LLVM_form_aspace_address`. After mem2reg (-O1 and up) LLVM keeps
//! the same suffix on a `dbg.value` of the variable's value (`DW_OP_bregx VGPR3+0`, `DW_OP_consts 0`), where a
//! literal dereference would read memory at the variable's value. So the evaluator tracks whether a stack value
//! was computed from an address (frame base, `DW_OP_addr*`, the stack or frame pointer SGPR32/SGPR33) and treats
//! the triple as an address-space qualifier for addresses and as a marker to ignore for values. Every example of
//! the project was checked against this rule (see tests/debug_info.rs).

use gimli::{EndianSlice, LittleEndian, Operation};

/// Lanes of a gfx950 wave (CDNA4 is wave64 only).
pub const WAVE64: u32 = 64;

/// What evaluation reads from the wave being debugged; the executor implements it.
pub trait WaveView {
    /// Lanes in the wave: 64 on gfx950.
    fn wave_size(&self) -> u32 {
        WAVE64
    }
    /// Program counter of the wave (byte address of the next instruction).
    fn pc(&self) -> u64;
    /// EXEC mask.
    fn exec(&self) -> u64;
    /// VCC.
    fn vcc(&self) -> u64;
    /// The STATUS register (DWARF register 128).
    fn status(&self) -> u32 {
        0
    }
    /// SGPR `n` (0..=105).
    fn sgpr(&self, n: u32) -> u32;
    /// VGPR `n` of `lane`.
    fn vgpr(&self, n: u32, lane: u32) -> u32;
    /// AGPR (AccVGPR) `n` of `lane`.
    fn agpr(&self, n: u32, lane: u32) -> u32;
    /// Read `buf.len()` bytes at `addr` in `space` as `lane` sees it (private memory is per lane). `false` when
    /// the bytes are not mapped.
    fn read_memory(&self, space: AddrSpace, lane: u32, addr: u64, buf: &mut [u8]) -> bool;
}

/// DWARF address spaces of AMDGPU (AMDGPUUsage "AMDGPU DWARF Address Space Mapping").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddrSpace {
    /// `DW_ASPACE_LLVM_none` (0): global memory, the default of every expression.
    Global,
    /// `DW_ASPACE_AMDGPU_generic` (1): flat addresses (global, or the LDS/private apertures).
    Generic,
    /// `DW_ASPACE_AMDGPU_region` (2): GDS.
    Region,
    /// `DW_ASPACE_AMDGPU_local` (3): the work-group's LDS.
    Local,
    /// `DW_ASPACE_AMDGPU_private_lane` (5): scratch as the focused lane addresses it.
    PrivateLane,
    /// `DW_ASPACE_AMDGPU_private_wave` (6): the wave's unswizzled scratch backing memory.
    PrivateWave,
    /// Any other value: reads fail with a note.
    Other(u64),
}

impl AddrSpace {
    pub fn from_dwarf(n: u64) -> AddrSpace {
        match n {
            0 => AddrSpace::Global,
            1 => AddrSpace::Generic,
            2 => AddrSpace::Region,
            3 => AddrSpace::Local,
            5 => AddrSpace::PrivateLane,
            6 => AddrSpace::PrivateWave,
            n => AddrSpace::Other(n),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            AddrSpace::Global => "global",
            AddrSpace::Generic => "generic",
            AddrSpace::Region => "region",
            AddrSpace::Local => "local",
            AddrSpace::PrivateLane => "private_lane",
            AddrSpace::PrivateWave => "private_wave",
            AddrSpace::Other(_) => "unknown",
        }
    }
}

/// An AMDGPU register named by a DWARF register number (AMDGPUUsage "AMDGPU DWARF Register Mapping").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reg {
    /// PC_32 (0) / PC_64 (16).
    Pc { bits: u8 },
    /// EXEC_MASK_32 (1) / EXEC_MASK_64 (17).
    Exec { bits: u8 },
    /// STATUS (128).
    Status,
    /// VCC_32 (512) / VCC_64 (768).
    Vcc { bits: u8 },
    /// SGPR0-63 (32-95) and SGPR64-105 (1088-1129).
    Sgpr(u16),
    /// VGPR0-255 in wave32 (1536-1791) or wave64 (2560-2815) mode: one dword per lane.
    Vgpr { n: u16, lanes: u8 },
    /// AGPR0-255 in wave32 (2048-2303) or wave64 (3072-3327) mode.
    Agpr { n: u16, lanes: u8 },
}

impl Reg {
    /// Decode a DWARF register number; `None` for reserved numbers.
    pub fn from_dwarf(r: u16) -> Option<Reg> {
        Some(match r {
            0 => Reg::Pc { bits: 32 },
            1 => Reg::Exec { bits: 32 },
            16 => Reg::Pc { bits: 64 },
            17 => Reg::Exec { bits: 64 },
            32..=95 => Reg::Sgpr(r - 32),
            128 => Reg::Status,
            512 => Reg::Vcc { bits: 32 },
            768 => Reg::Vcc { bits: 64 },
            1088..=1129 => Reg::Sgpr(r - 1088 + 64),
            1536..=1791 => Reg::Vgpr {
                n: r - 1536,
                lanes: 32,
            },
            2048..=2303 => Reg::Agpr {
                n: r - 2048,
                lanes: 32,
            },
            2560..=2815 => Reg::Vgpr {
                n: r - 2560,
                lanes: 64,
            },
            3072..=3327 => Reg::Agpr {
                n: r - 3072,
                lanes: 64,
            },
            _ => return None,
        })
    }

    /// Size of the register as DWARF sees it: vector registers hold one dword per lane.
    pub fn size(self) -> u64 {
        match self {
            Reg::Pc { bits } | Reg::Exec { bits } | Reg::Vcc { bits } => bits as u64 / 8,
            Reg::Status | Reg::Sgpr(_) => 4,
            Reg::Vgpr { lanes, .. } | Reg::Agpr { lanes, .. } => 4 * lanes as u64,
        }
    }

    pub fn is_vector(self) -> bool {
        matches!(self, Reg::Vgpr { .. } | Reg::Agpr { .. })
    }

    /// The same kind of register `k` further on (for values spanning consecutive registers).
    fn step(self, k: u16) -> Option<Reg> {
        match self {
            Reg::Sgpr(n) if n + k <= 105 => Some(Reg::Sgpr(n + k)),
            Reg::Vgpr { n, lanes } if n + k <= 255 => Some(Reg::Vgpr { n: n + k, lanes }),
            Reg::Agpr { n, lanes } if n + k <= 255 => Some(Reg::Agpr { n: n + k, lanes }),
            _ => None,
        }
    }
}

impl std::fmt::Display for Reg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Reg::Pc { .. } => write!(f, "pc"),
            Reg::Exec { .. } => write!(f, "exec"),
            Reg::Status => write!(f, "status"),
            Reg::Vcc { .. } => write!(f, "vcc"),
            Reg::Sgpr(n) => write!(f, "s{n}"),
            Reg::Vgpr { n, .. } => write!(f, "v{n}"),
            Reg::Agpr { n, .. } => write!(f, "a{n}"),
        }
    }
}

/// Where (part of) a variable lives for one lane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// Bytes at `addr` in `space`.
    Memory { space: AddrSpace, addr: u64 },
    /// Bytes of a register starting at byte `offset` of the register as DWARF sees it (a wave64 VGPR is 256
    /// bytes, lane L's dword at 4 L). `lane_implicit`: the expression named a vector register without selecting
    /// a lane (`DW_OP_regx VGPRn` alone, as producers without the heterogeneous extensions write it): the
    /// focused lane's dword is meant, and values wider than a dword continue in the next registers.
    Register {
        reg: Reg,
        offset: u64,
        lane_implicit: bool,
    },
    /// The value itself (`DW_OP_stack_value`, `DW_OP_implicit_value`, constants), little-endian.
    Implicit(Vec<u8>),
    /// Optimized out.
    Undefined,
    /// Pieces in order (`DW_OP_piece`); each piece is `size` bytes.
    Composite(Vec<(Location, u64)>),
}

/// Why a location could not be evaluated or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    #[error("optimized out")]
    OptimizedOut,
    #[error("unsupported DWARF operation {0}")]
    Unsupported(String),
    #[error("malformed DWARF expression: {0}")]
    Malformed(String),
    #[error("DWARF register {0} is not an AMDGPU register")]
    UnknownRegister(u16),
    #[error("cannot read {len} bytes of {space} memory at 0x{addr:x}")]
    Memory {
        space: &'static str,
        addr: u64,
        len: u64,
    },
    #[error("read past the end of register {0}")]
    RegisterBounds(Reg),
}

/// Everything an expression needs besides the wave: the unit's encoding, the function's frame base and the
/// `.debug_addr` entries of the unit (for `DW_OP_addrx`/`DW_OP_constx`).
#[derive(Clone, Copy, Debug)]
pub struct ExprEnv<'a> {
    pub encoding: gimli::Encoding,
    /// `DW_AT_frame_base` of the enclosing subprogram (`DW_OP_regx SGPR32` or `SGPR33` from clang).
    pub frame_base: Option<&'a [u8]>,
    /// `.debug_addr` contents from the unit's `DW_AT_addr_base` on (8-byte entries).
    pub debug_addr: &'a [u8],
}

impl ExprEnv<'_> {
    /// A DWARF 5, 64-bit-address, 32-bit-format environment with no frame base (unit tests, CFI-free uses).
    pub fn dwarf5() -> ExprEnv<'static> {
        ExprEnv {
            encoding: gimli::Encoding {
                format: gimli::Format::Dwarf32,
                version: 5,
                address_size: 8,
            },
            frame_base: None,
            debug_addr: &[],
        }
    }
}

/// `DW_OP_LLVM_user` (AMDGPUDwarfExtensionsForHeterogeneousDebugging "DWARF Operation Encodings").
const DW_OP_LLVM_USER: u8 = 0xe9;
mod llvm_user {
    pub const FORM_ASPACE_ADDRESS: u64 = 0x02;
    pub const PUSH_LANE: u64 = 0x03;
    pub const OFFSET: u64 = 0x04;
    pub const OFFSET_UCONST: u64 = 0x05;
    pub const BIT_OFFSET: u64 = 0x06;
    pub const CALL_FRAME_ENTRY_REG: u64 = 0x07;
    pub const UNDEFINED: u64 = 0x08;
    pub const ASPACE_BREGX: u64 = 0x09;
    pub const PIECE_END: u64 = 0x0a;
    pub const EXTEND: u64 = 0x0b;
    pub const SELECT_BIT_PIECE: u64 = 0x0c;
}

/// Where a value on the stack came from, for clang's address-space marker (module comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Prov {
    /// A register's or a constant's value: the variable's value itself.
    Value,
    /// An address from `DW_OP_addr*`: a static variable (global or LDS).
    Address,
    /// An address computed from the frame base or the stack/frame pointer: a per-lane scratch offset
    /// (gfx950 uses architected flat scratch, so SGPR32/SGPR33 hold lane-relative scratch offsets).
    Frame,
}

/// One entry of the evaluation stack: a value (with its provenance) or a location.
#[derive(Clone, Debug)]
enum Entry {
    Val { v: u64, prov: Prov },
    Loc(Location),
}

/// Upper bound on executed operations (guards `DW_OP_skip` loops in bad input).
const MAX_STEPS: usize = 10_000;
/// Upper bound on the evaluation stack.
const MAX_STACK: usize = 1_000;

struct Eval<'a> {
    env: &'a ExprEnv<'a>,
    wave: &'a dyn WaveView,
    lane: u32,
    stack: Vec<Entry>,
    pieces: Vec<(Location, u64)>,
    /// Stack depth when the current piece started (DWARF 5: a piece takes what its operations pushed).
    piece_base: usize,
    /// Register named by the frame base (`DW_OP_regx R`): `DW_OP_bregx R` computes an address.
    frame_reg: Option<u16>,
    depth: u32,
}

/// Evaluate `expr` (one location description, no location list) for `lane`.
pub fn evaluate(
    expr: &[u8],
    env: &ExprEnv<'_>,
    wave: &dyn WaveView,
    lane: u32,
) -> Result<Location, EvalError> {
    let frame_reg = env.frame_base.and_then(|fb| {
        let mut r = EndianSlice::new(fb, LittleEndian);
        match Operation::parse(&mut r, env.encoding) {
            Ok(Operation::Register { register }) if r.is_empty() => Some(register.0),
            _ => None,
        }
    });
    let mut ev = Eval {
        env,
        wave,
        lane,
        stack: Vec::new(),
        pieces: Vec::new(),
        piece_base: 0,
        frame_reg,
        depth: 0,
    };
    ev.run(expr)?;
    ev.finish()
}

fn malformed(e: impl std::fmt::Display) -> EvalError {
    EvalError::Malformed(e.to_string())
}

fn read_uleb(bytes: &[u8], pos: &mut usize) -> Result<u64, EvalError> {
    let mut r = EndianSlice::new(bytes.get(*pos..).unwrap_or(&[]), LittleEndian);
    let before = r.len();
    let v = gimli::Reader::read_uleb128(&mut r).map_err(malformed)?;
    *pos += before - r.len();
    Ok(v)
}

fn read_sleb(bytes: &[u8], pos: &mut usize) -> Result<i64, EvalError> {
    let mut r = EndianSlice::new(bytes.get(*pos..).unwrap_or(&[]), LittleEndian);
    let before = r.len();
    let v = gimli::Reader::read_sleb128(&mut r).map_err(malformed)?;
    *pos += before - r.len();
    Ok(v)
}

impl Eval<'_> {
    fn push(&mut self, e: Entry) -> Result<(), EvalError> {
        if self.stack.len() >= MAX_STACK {
            return Err(malformed("stack overflow"));
        }
        self.stack.push(e);
        Ok(())
    }

    fn pop(&mut self) -> Result<Entry, EvalError> {
        self.stack.pop().ok_or_else(|| malformed("stack underflow"))
    }

    /// Pop a value; a memory location in the default address space converts back to its address (extensions
    /// 2.1: implicit conversion).
    fn pop_val(&mut self) -> Result<(u64, Prov), EvalError> {
        match self.pop()? {
            Entry::Val { v, prov } => Ok((v, prov)),
            Entry::Loc(Location::Memory {
                space: AddrSpace::Global,
                addr,
            }) => Ok((addr, Prov::Address)),
            Entry::Loc(Location::Implicit(b)) => Ok((le_u64(&b), Prov::Value)),
            Entry::Loc(l) => Err(malformed(format!("value expected, found location {l:?}"))),
        }
    }

    /// Pop a location: a plain value is a memory address in the default address space (DWARF 5 2.6.1.1.2).
    fn pop_loc(&mut self) -> Result<Location, EvalError> {
        Ok(match self.pop()? {
            Entry::Val { v, prov } => Location::Memory {
                space: if prov == Prov::Frame {
                    AddrSpace::PrivateLane
                } else {
                    AddrSpace::Global
                },
                addr: v,
            },
            Entry::Loc(l) => l,
        })
    }

    fn reg_value(&self, r: u16) -> Result<u64, EvalError> {
        let reg = Reg::from_dwarf(r).ok_or(EvalError::UnknownRegister(r))?;
        let w = self.wave;
        Ok(match reg {
            Reg::Pc { .. } => w.pc(),
            Reg::Exec { bits } => mask_bits(w.exec(), bits),
            Reg::Vcc { bits } => mask_bits(w.vcc(), bits),
            Reg::Status => w.status() as u64,
            Reg::Sgpr(n) => w.sgpr(n as u32) as u64,
            // The "value" of a whole vector register is not a generic-type value; LLVM's `DW_OP_bregx VGPRn`
            // means the focused lane's dword.
            Reg::Vgpr { n, .. } => w.vgpr(n as u32, self.lane) as u64,
            Reg::Agpr { n, .. } => w.agpr(n as u32, self.lane) as u64,
        })
    }

    /// Registers whose value is an address: the frame base register and the AMDGPU stack/frame pointers
    /// (AMDGPUUsage "Call Convention": SGPR32 stack pointer, SGPR33 frame pointer).
    fn reg_is_address(&self, r: u16) -> bool {
        Some(r) == self.frame_reg || matches!(Reg::from_dwarf(r), Some(Reg::Sgpr(32 | 33)))
    }

    fn frame_base(&mut self) -> Result<u64, EvalError> {
        // LLVM writes no DW_AT_frame_base for functions without a frame register: kernels, whose frame starts
        // at offset 0 of each lane's private segment (heteromark_hist's priv_hist is `DW_OP_fbreg +0` in a
        // kernel without one).
        let Some(fb) = self.env.frame_base else {
            return Ok(0);
        };
        if self.depth > 4 {
            return Err(malformed("frame base recursion"));
        }
        let mut sub = Eval {
            env: self.env,
            wave: self.wave,
            lane: self.lane,
            stack: Vec::new(),
            pieces: Vec::new(),
            piece_base: 0,
            frame_reg: None,
            depth: self.depth + 1,
        };
        sub.run(fb)?;
        // DWARF 5 3.3.5: a register location as frame base means the register's contents.
        match sub.finish()? {
            Location::Register { reg, .. } => match reg {
                Reg::Sgpr(n) => Ok(self.wave.sgpr(n as u32) as u64),
                other => Err(EvalError::Unsupported(format!("frame base in {other}"))),
            },
            Location::Memory { addr, .. } => Ok(addr),
            Location::Implicit(b) => Ok(le_u64(&b)),
            _ => Err(EvalError::Unsupported("frame base".into())),
        }
    }

    fn run(&mut self, expr: &[u8]) -> Result<(), EvalError> {
        let mut pc = 0usize;
        let mut steps = 0usize;
        while pc < expr.len() {
            steps += 1;
            if steps > MAX_STEPS {
                return Err(malformed("too many operations (loop?)"));
            }
            if expr[pc] == DW_OP_LLVM_USER {
                pc += 1;
                self.llvm_user(expr, &mut pc)?;
                continue;
            }
            let mut r = EndianSlice::new(&expr[pc..], LittleEndian);
            let op = Operation::parse(&mut r, self.env.encoding).map_err(|e| match e {
                gimli::Error::InvalidExpression(op) => EvalError::Unsupported(format!("{op}")),
                e => malformed(e),
            })?;
            let next = expr.len() - r.len();
            pc = next;
            match op {
                Operation::Deref { size, space, .. } => {
                    let (addr_entry, aspace) = if space {
                        let a = self.pop()?;
                        let (s, _) = self.pop_val()?;
                        (a, Some(s))
                    } else {
                        (self.pop()?, None)
                    };
                    match (addr_entry, aspace) {
                        // clang's address-space marker on a value (see the module comment): keep the value.
                        (
                            Entry::Val {
                                v,
                                prov: Prov::Value,
                            },
                            Some(_),
                        ) => self.push(Entry::Loc(Location::Implicit(v.to_le_bytes().to_vec())))?,
                        // clang's marker on a static address: the variable is in memory in that space.
                        (
                            Entry::Val {
                                v,
                                prov: Prov::Address,
                            },
                            Some(s),
                        ) => self.push(Entry::Loc(Location::Memory {
                            space: AddrSpace::from_dwarf(s),
                            addr: v,
                        }))?,
                        // On a frame address the marker names the source type's address space (private
                        // for OpenCL, generic for HIP) but the number is a lane-relative scratch offset.
                        (
                            Entry::Val {
                                v,
                                prov: Prov::Frame,
                            },
                            Some(_),
                        ) => self.push(Entry::Loc(Location::Memory {
                            space: AddrSpace::PrivateLane,
                            addr: v,
                        }))?,
                        (Entry::Loc(l), Some(_)) => self.push(Entry::Loc(l))?,
                        (e, None) => {
                            let (space, addr) = match e {
                                Entry::Val { v, .. } => (AddrSpace::Global, v),
                                Entry::Loc(Location::Memory { space, addr }) => (space, addr),
                                Entry::Loc(l) => {
                                    return Err(EvalError::Unsupported(format!(
                                        "DW_OP_deref of {l:?}"
                                    )))
                                }
                            };
                            let n = (size as usize).clamp(1, 8);
                            let mut buf = [0u8; 8];
                            if !self.wave.read_memory(space, self.lane, addr, &mut buf[..n]) {
                                return Err(EvalError::Memory {
                                    space: space.name(),
                                    addr,
                                    len: n as u64,
                                });
                            }
                            self.push(Entry::Val {
                                v: u64::from_le_bytes(buf),
                                prov: Prov::Value,
                            })?;
                        }
                    }
                }
                Operation::Drop => {
                    self.pop()?;
                }
                Operation::Pick { index } => {
                    let i = index as usize;
                    if i >= self.stack.len() {
                        return Err(malformed("DW_OP_pick past the stack"));
                    }
                    let e = self.stack[self.stack.len() - 1 - i].clone();
                    self.push(e)?;
                }
                Operation::Swap => {
                    let n = self.stack.len();
                    if n < 2 {
                        return Err(malformed("stack underflow"));
                    }
                    self.stack.swap(n - 1, n - 2);
                }
                Operation::Rot => {
                    let n = self.stack.len();
                    if n < 3 {
                        return Err(malformed("stack underflow"));
                    }
                    // DWARF 5 2.5.1.3: the top moves to third place, second and third move up.
                    let top = self.stack.remove(n - 1);
                    self.stack.insert(n - 3, top);
                }
                Operation::Abs => {
                    let (a, f) = self.pop_val()?;
                    self.push(Entry::Val {
                        v: (a as i64).wrapping_abs() as u64,
                        prov: f,
                    })?;
                }
                Operation::Neg => {
                    let (a, f) = self.pop_val()?;
                    self.push(Entry::Val {
                        v: (a as i64).wrapping_neg() as u64,
                        prov: f,
                    })?;
                }
                Operation::Not => {
                    let (a, f) = self.pop_val()?;
                    self.push(Entry::Val { v: !a, prov: f })?;
                }
                Operation::PlusConstant { value } => {
                    let e = self.pop()?;
                    match e {
                        Entry::Loc(l) => self.push(Entry::Loc(offset_loc(l, value)?))?,
                        Entry::Val { v, prov } => self.push(Entry::Val {
                            v: v.wrapping_add(value),
                            prov,
                        })?,
                    }
                }
                Operation::And
                | Operation::Div
                | Operation::Minus
                | Operation::Mod
                | Operation::Mul
                | Operation::Or
                | Operation::Plus
                | Operation::Shl
                | Operation::Shr
                | Operation::Shra
                | Operation::Xor
                | Operation::Eq
                | Operation::Ge
                | Operation::Gt
                | Operation::Le
                | Operation::Lt
                | Operation::Ne => {
                    let (b, fb) = self.pop_val()?;
                    let (a, fa) = self.pop_val()?;
                    let (sa, sb) = (a as i64, b as i64);
                    let v = match op {
                        Operation::And => a & b,
                        Operation::Div => {
                            if b == 0 {
                                return Err(malformed("division by zero"));
                            }
                            sa.wrapping_div(sb) as u64
                        }
                        Operation::Minus => a.wrapping_sub(b),
                        Operation::Mod => {
                            if b == 0 {
                                return Err(malformed("modulo by zero"));
                            }
                            a % b
                        }
                        Operation::Mul => a.wrapping_mul(b),
                        Operation::Or => a | b,
                        Operation::Plus => a.wrapping_add(b),
                        Operation::Shl => a.checked_shl(b.min(64) as u32).unwrap_or(0),
                        Operation::Shr => a.checked_shr(b.min(64) as u32).unwrap_or(0),
                        Operation::Shra => {
                            sa.checked_shr(b.min(63) as u32).unwrap_or(sa >> 63) as u64
                        }
                        Operation::Xor => a ^ b,
                        Operation::Eq => (sa == sb) as u64,
                        Operation::Ge => (sa >= sb) as u64,
                        Operation::Gt => (sa > sb) as u64,
                        Operation::Le => (sa <= sb) as u64,
                        Operation::Lt => (sa < sb) as u64,
                        _ => (sa != sb) as u64,
                    };
                    let prov = if matches!(op, Operation::Plus | Operation::Minus) {
                        fa.max(fb)
                    } else {
                        Prov::Value
                    };
                    self.push(Entry::Val { v, prov })?;
                }
                Operation::Bra { target } => {
                    let (c, _) = self.pop_val()?;
                    if c != 0 {
                        pc = jump(next, target, expr.len())?;
                    }
                }
                Operation::Skip { target } => pc = jump(next, target, expr.len())?,
                Operation::UnsignedConstant { value } => self.push(Entry::Val {
                    v: value,
                    prov: Prov::Value,
                })?,
                Operation::SignedConstant { value } => self.push(Entry::Val {
                    v: value as u64,
                    prov: Prov::Value,
                })?,
                Operation::Register { register } => {
                    let reg = Reg::from_dwarf(register.0)
                        .ok_or(EvalError::UnknownRegister(register.0))?;
                    self.push(Entry::Loc(Location::Register {
                        reg,
                        offset: 0,
                        lane_implicit: reg.is_vector(),
                    }))?;
                }
                Operation::RegisterOffset {
                    register, offset, ..
                } => {
                    let v = self.reg_value(register.0)?.wrapping_add(offset as u64);
                    let prov = if self.reg_is_address(register.0) {
                        Prov::Frame
                    } else {
                        Prov::Value
                    };
                    self.push(Entry::Val { v, prov })?;
                }
                Operation::FrameOffset { offset } => {
                    let v = self.frame_base()?.wrapping_add(offset as u64);
                    self.push(Entry::Val {
                        v,
                        prov: Prov::Frame,
                    })?;
                }
                Operation::Nop => {}
                Operation::Piece {
                    size_in_bits,
                    bit_offset,
                } => {
                    if size_in_bits % 8 != 0 || bit_offset.unwrap_or(0) % 8 != 0 {
                        return Err(EvalError::Unsupported(
                            "DW_OP_bit_piece of a partial byte".into(),
                        ));
                    }
                    let loc = if self.stack.len() > self.piece_base {
                        let l = self.pop_loc()?;
                        match bit_offset {
                            Some(b) if b > 0 => offset_loc(l, b / 8)?,
                            _ => l,
                        }
                    } else {
                        Location::Undefined
                    };
                    self.pieces.push((loc, size_in_bits / 8));
                    self.piece_base = self.stack.len();
                }
                Operation::ImplicitValue { data } => {
                    self.push(Entry::Loc(Location::Implicit(data.to_vec())))?;
                }
                Operation::StackValue => {
                    let e = self.pop()?;
                    let bytes = match e {
                        Entry::Val { v, .. } => v.to_le_bytes().to_vec(),
                        Entry::Loc(Location::Implicit(b)) => b,
                        Entry::Loc(Location::Memory { addr, .. }) => addr.to_le_bytes().to_vec(),
                        Entry::Loc(l) => {
                            return Err(malformed(format!("DW_OP_stack_value of location {l:?}")));
                        }
                    };
                    self.push(Entry::Loc(Location::Implicit(bytes)))?;
                }
                Operation::Address { address } => self.push(Entry::Val {
                    v: address,
                    prov: Prov::Address,
                })?,
                Operation::AddressIndex { index } => {
                    let v = self.debug_addr(index.0 as u64)?;
                    self.push(Entry::Val {
                        v,
                        prov: Prov::Address,
                    })?;
                }
                Operation::ConstantIndex { index } => {
                    let v = self.debug_addr(index.0 as u64)?;
                    self.push(Entry::Val {
                        v,
                        prov: Prov::Value,
                    })?;
                }
                Operation::TypedLiteral { value, .. } => {
                    self.push(Entry::Val {
                        v: le_u64(value.slice()),
                        prov: Prov::Value,
                    })?;
                }
                // Values here are at most 64 bits: conversions between integral base types of that size keep
                // the bits.
                Operation::Convert { .. } | Operation::Reinterpret { .. } => {}
                Operation::Uninitialized => {}
                Operation::PushObjectAddress => {
                    return Err(EvalError::Unsupported("DW_OP_push_object_address".into()))
                }
                Operation::Call { .. } => return Err(EvalError::Unsupported("DW_OP_call".into())),
                Operation::CallFrameCFA => {
                    return Err(EvalError::Unsupported("DW_OP_call_frame_cfa".into()))
                }
                Operation::EntryValue { .. } => {
                    return Err(EvalError::Unsupported("DW_OP_entry_value".into()))
                }
                Operation::ImplicitPointer { .. } => {
                    return Err(EvalError::Unsupported("DW_OP_implicit_pointer".into()))
                }
                Operation::TLS => {
                    return Err(EvalError::Unsupported("DW_OP_form_tls_address".into()))
                }
                Operation::VariableValue { .. } => {
                    return Err(EvalError::Unsupported("DW_OP_GNU_variable_value".into()))
                }
                Operation::ParameterRef { .. } => {
                    return Err(EvalError::Unsupported("DW_OP_GNU_parameter_ref".into()))
                }
                Operation::WasmLocal { .. }
                | Operation::WasmGlobal { .. }
                | Operation::WasmStack { .. } => {
                    return Err(EvalError::Unsupported("DW_OP_WASM_location".into()))
                }
            }
        }
        Ok(())
    }

    fn debug_addr(&self, index: u64) -> Result<u64, EvalError> {
        let at = index
            .checked_mul(8)
            .and_then(|o| usize::try_from(o).ok())
            .ok_or_else(|| malformed("DW_OP_addrx index"))?;
        let b = self
            .env
            .debug_addr
            .get(at..at + 8)
            .ok_or_else(|| malformed(format!("DW_OP_addrx index {index} past .debug_addr")))?;
        Ok(le_u64(b))
    }

    /// AMDGPUDwarfExtensionsForHeterogeneousDebugging A.2.5.4: the `DW_OP_LLVM_*` operations.
    fn llvm_user(&mut self, expr: &[u8], pc: &mut usize) -> Result<(), EvalError> {
        let sub = read_uleb(expr, pc)?;
        match sub {
            llvm_user::FORM_ASPACE_ADDRESS => {
                let (space, _) = self.pop_val()?;
                let (addr, _) = self.pop_val()?;
                self.push(Entry::Loc(Location::Memory {
                    space: AddrSpace::from_dwarf(space),
                    addr,
                }))
            }
            llvm_user::PUSH_LANE => self.push(Entry::Val {
                v: self.lane as u64,
                prov: Prov::Value,
            }),
            llvm_user::OFFSET | llvm_user::OFFSET_UCONST | llvm_user::BIT_OFFSET => {
                let b = match sub {
                    llvm_user::OFFSET_UCONST => read_uleb(expr, pc)?,
                    _ => self.pop_val()?.0,
                };
                let bytes = if sub == llvm_user::BIT_OFFSET {
                    if b % 8 != 0 {
                        return Err(EvalError::Unsupported(
                            "DW_OP_LLVM_bit_offset of a partial byte".into(),
                        ));
                    }
                    b / 8
                } else {
                    b
                };
                let l = self.pop_loc()?;
                self.push(Entry::Loc(offset_loc(l, bytes)?))
            }
            llvm_user::CALL_FRAME_ENTRY_REG => {
                read_uleb(expr, pc)?;
                Err(EvalError::Unsupported(
                    "DW_OP_LLVM_call_frame_entry_reg (needs unwinding)".into(),
                ))
            }
            llvm_user::UNDEFINED => self.push(Entry::Loc(Location::Undefined)),
            llvm_user::ASPACE_BREGX => {
                let r = read_uleb(expr, pc)?;
                let off = read_sleb(expr, pc)?;
                let r = u16::try_from(r).map_err(|_| EvalError::UnknownRegister(u16::MAX))?;
                let (space, _) = self.pop_val()?;
                let addr = self.reg_value(r)?.wrapping_add(off as u64);
                self.push(Entry::Loc(Location::Memory {
                    space: AddrSpace::from_dwarf(space),
                    addr,
                }))
            }
            llvm_user::PIECE_END => {
                let pieces = std::mem::take(&mut self.pieces);
                self.push(Entry::Loc(Location::Composite(pieces)))?;
                self.piece_base = self.stack.len();
                Ok(())
            }
            llvm_user::EXTEND => {
                let bits = read_uleb(expr, pc)?;
                let count = read_uleb(expr, pc)?;
                if bits % 8 != 0 || count > 4096 {
                    return Err(EvalError::Unsupported(
                        "DW_OP_LLVM_extend of partial bytes".into(),
                    ));
                }
                let l = self.pop_loc()?;
                let pieces = (0..count).map(|_| (l.clone(), bits / 8)).collect();
                self.push(Entry::Loc(Location::Composite(pieces)))
            }
            llvm_user::SELECT_BIT_PIECE => {
                let bits = read_uleb(expr, pc)?;
                let count = read_uleb(expr, pc)?;
                if bits % 8 != 0 || count > 64 {
                    return Err(EvalError::Unsupported(
                        "DW_OP_LLVM_select_bit_piece of partial bytes".into(),
                    ));
                }
                let (mask, _) = self.pop_val()?;
                let one = self.pop_loc()?;
                let zero = self.pop_loc()?;
                let size = bits / 8;
                let pieces = (0..count)
                    .map(|i| {
                        let src = if mask >> i & 1 != 0 { &one } else { &zero };
                        Ok((offset_loc(src.clone(), i * size)?, size))
                    })
                    .collect::<Result<Vec<_>, EvalError>>()?;
                self.push(Entry::Loc(Location::Composite(pieces)))
            }
            other => Err(EvalError::Unsupported(format!(
                "DW_OP_LLVM_user 0x{other:x}"
            ))),
        }
    }

    fn finish(mut self) -> Result<Location, EvalError> {
        if !self.pieces.is_empty() {
            if self.stack.len() > self.piece_base {
                // Operations after the last piece without a closing piece: ill-formed, ignore them.
                self.stack.truncate(self.piece_base);
            }
            return Ok(Location::Composite(self.pieces));
        }
        match self.stack.pop() {
            None => Ok(Location::Undefined),
            Some(Entry::Loc(l)) => Ok(l),
            // DWARF 5 2.6.1.1.2: a value left on the stack is the address of the object; frame addresses are
            // lane-relative scratch offsets.
            Some(Entry::Val { v, prov }) => Ok(Location::Memory {
                space: if prov == Prov::Frame {
                    AddrSpace::PrivateLane
                } else {
                    AddrSpace::Global
                },
                addr: v,
            }),
        }
    }
}

fn jump(next: usize, target: i16, len: usize) -> Result<usize, EvalError> {
    let t = next as i64 + target as i64;
    if t < 0 || t as usize > len {
        return Err(malformed("branch outside the expression"));
    }
    Ok(t as usize)
}

fn mask_bits(v: u64, bits: u8) -> u64 {
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

fn le_u64(b: &[u8]) -> u64 {
    let mut buf = [0u8; 8];
    let n = b.len().min(8);
    buf[..n].copy_from_slice(&b[..n]);
    u64::from_le_bytes(buf)
}

/// Offset a location by `by` bytes (`DW_OP_LLVM_offset`, `DW_OP_plus_uconst` on a location).
fn offset_loc(l: Location, by: u64) -> Result<Location, EvalError> {
    Ok(match l {
        Location::Memory { space, addr } => Location::Memory {
            space,
            addr: addr.wrapping_add(by),
        },
        Location::Register { reg, offset, .. } => {
            let offset = offset
                .checked_add(by)
                .ok_or(EvalError::RegisterBounds(reg))?;
            if offset > reg.size() {
                return Err(EvalError::RegisterBounds(reg));
            }
            Location::Register {
                reg,
                offset,
                lane_implicit: false,
            }
        }
        Location::Implicit(b) => {
            let at = usize::try_from(by).unwrap_or(usize::MAX).min(b.len());
            Location::Implicit(b[at..].to_vec())
        }
        Location::Undefined => Location::Undefined,
        Location::Composite(pieces) => {
            let mut skip = by;
            let mut out = Vec::new();
            for (p, size) in pieces {
                if skip >= size {
                    skip -= size;
                    continue;
                }
                out.push((offset_loc(p, skip)?, size - skip));
                skip = 0;
            }
            Location::Composite(out)
        }
    })
}

/// Read `len` bytes of a location for `lane`.
pub fn read_location(
    loc: &Location,
    len: u64,
    wave: &dyn WaveView,
    lane: u32,
) -> Result<Vec<u8>, EvalError> {
    if len > 1 << 20 {
        return Err(malformed(format!("object of {len} bytes")));
    }
    let mut out = vec![0u8; len as usize];
    read_into(loc, &mut out, wave, lane)?;
    Ok(out)
}

fn read_into(
    loc: &Location,
    out: &mut [u8],
    wave: &dyn WaveView,
    lane: u32,
) -> Result<(), EvalError> {
    match loc {
        Location::Undefined => Err(EvalError::OptimizedOut),
        Location::Implicit(b) => {
            // DWARF 5 2.6.1.1.4: an implicit value narrower than the object is zero-extended here (clang's
            // constants are generic-type values truncated to the variable's size).
            for (i, o) in out.iter_mut().enumerate() {
                *o = b.get(i).copied().unwrap_or(0);
            }
            Ok(())
        }
        Location::Memory { space, addr } => {
            if out.is_empty() || wave.read_memory(*space, lane, *addr, out) {
                Ok(())
            } else {
                Err(EvalError::Memory {
                    space: space.name(),
                    addr: *addr,
                    len: out.len() as u64,
                })
            }
        }
        Location::Register {
            reg,
            offset,
            lane_implicit,
        } => read_register(*reg, *offset, *lane_implicit, out, wave, lane),
        Location::Composite(pieces) => {
            let mut at = 0usize;
            for (p, size) in pieces {
                if at >= out.len() {
                    break;
                }
                let end = (at + *size as usize).min(out.len());
                read_into(p, &mut out[at..end], wave, lane)?;
                at = end;
            }
            if at < out.len() {
                // Pieces cover less than the object: the rest is not described.
                return Err(EvalError::OptimizedOut);
            }
            Ok(())
        }
    }
}

fn reg_dword(reg: Reg, dword: u64, wave: &dyn WaveView) -> u32 {
    match reg {
        Reg::Pc { .. } => (wave.pc() >> (32 * dword)) as u32,
        Reg::Exec { .. } => (wave.exec() >> (32 * dword)) as u32,
        Reg::Vcc { .. } => (wave.vcc() >> (32 * dword)) as u32,
        Reg::Status => wave.status(),
        Reg::Sgpr(n) => wave.sgpr(n as u32),
        // dword = lane
        Reg::Vgpr { n, .. } => wave.vgpr(n as u32, dword as u32),
        Reg::Agpr { n, .. } => wave.agpr(n as u32, dword as u32),
    }
}

fn read_register(
    reg: Reg,
    offset: u64,
    lane_implicit: bool,
    out: &mut [u8],
    wave: &dyn WaveView,
    lane: u32,
) -> Result<(), EvalError> {
    let len = out.len() as u64;
    if lane_implicit || matches!(reg, Reg::Sgpr(_)) {
        // One dword per register: a wider value continues in the next registers (s[4:5], v[2:3] for the
        // focused lane).
        let base = if lane_implicit { 4 * lane as u64 } else { 0 };
        for (i, o) in out.iter_mut().enumerate() {
            let byte = offset + i as u64;
            let r = reg
                .step((byte / 4) as u16)
                .ok_or(EvalError::RegisterBounds(reg))?;
            let dword = if lane_implicit { base / 4 } else { 0 };
            *o = (reg_dword(r, dword, wave) >> (8 * (byte % 4))) as u8;
        }
        return Ok(());
    }
    if offset + len > reg.size() {
        return Err(EvalError::RegisterBounds(reg));
    }
    for (i, o) in out.iter_mut().enumerate() {
        let byte = offset + i as u64;
        *o = (reg_dword(reg, byte / 4, wave) >> (8 * (byte % 4))) as u8;
    }
    Ok(())
}
