//! Device services: what the ROCm runtime answers while a kernel runs. A kernel that takes `hidden_hostcall_buffer`
//! (HIP device `printf` and `assert`, Triton `device_print` / `debug=True`) gets a hostcall buffer in emulated
//! memory, laid out as the ROCm runtime lays it out, and this module answers its packets.
//!
//! The protocol (ROCm device libraries, ockl `hostcall_impl.cl` / `services.cl`; read, not copied): the buffer header
//! is `{headers, payloads, doorbell signal, free stack, ready stack, index mask}`; a wave pops a packet from the
//! free stack, writes its header `{next, activemask, service, control}` (control bit 0: the ready flag) and one
//! 8-qword payload slot per active lane, pushes it on the ready stack, adds 1 to the doorbell signal and spins,
//! with `s_sleep`, until the host clears the ready flag; then it reads two qwords back from its slot and returns
//! the packet to the free stack. Stack pointers are tagged: `index = ptr & index_mask`, the rest a tag.
//!
//! When it is answered: the packets on the ready stack are served (oldest first) whenever a wave executes
//! `s_sleep` (`DeviceServices::serve`, called by both schedules). A wave waiting for its answer always sleeps in
//! that loop, so every packet is answered at the first `s_sleep` after its push, by the one host thread that runs
//! it: no host thread, no timing, and a run whose kernel takes a hostcall buffer runs its work-groups on one host
//! thread (`engine::batch`), so the output is the same for every `--jobs`: work-groups in flat order, in each the
//! waves in the schedule's order, in each message the lanes in ascending order.
//!
//! Services: printf (service 2: a message of qwords over several packets, `printf::format`). Anything else (an
//! unknown service, a corrupt stack, a message that grows without end) is one error naming what was wrong; the
//! schedule reports it as a fault of the sleeping wave.

pub mod buffered;
pub mod printf;

use crate::exec::{GlobalMemory, MemError, Region, RegionKind};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// Device address of the hostcall buffer (below the kernarg segment, away from every other region).
pub const HOSTCALL_BASE: u64 = 0x0000_0e00_0000_0000;

// buffer_t fields (qwords).
const BUF_HEADERS: u64 = 0;
const BUF_PAYLOADS: u64 = 8;
const BUF_DOORBELL: u64 = 16;
const BUF_FREE_STACK: u64 = 24;
const BUF_READY_STACK: u64 = 32;
const BUF_INDEX_MASK: u64 = 40;
/// The doorbell: an amd_signal_t (kind, value, event mailbox pointer, event id, ...; 64 bytes) after the header.
const SIGNAL_OFFSET: u64 = 64;
const SIGNAL_BYTES: u64 = 64;
/// header_t: next (u64), activemask (u64), service (u32), control (u32).
const HEADER_BYTES: u64 = 24;
/// payload_t: 64 lanes x 8 qwords.
const PAYLOAD_BYTES: u64 = 64 * 8 * 8;
/// AMD_SIGNAL_KIND_USER.
const SIGNAL_KIND_USER: u64 = 1;

/// Service ids (ockl services.cl; ROCclr devhcmessages.hpp).
const SERVICE_PRINTF: u32 = 2;

/// Most qwords one message may collect (8 MiB of printf text): a longer one is a runaway.
const MESSAGE_MAX_WORDS: usize = 1 << 20;
/// Most messages open at once (one per lane of every wave that may hold a packet).
const OPEN_MESSAGES_MAX: usize = 1 << 16;

/// Which stream a printf wrote to (fprintf's control qword; printf is stdout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    Stdout,
    Stderr,
}

/// One completed printf: its text, in the order the messages completed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printed {
    pub stream: Stream,
    pub text: Vec<u8>,
}

#[derive(Default)]
struct State {
    next_id: u64,
    open: BTreeMap<u64, Vec<u64>>,
    printed: Vec<Printed>,
    packets: u64,
    /// Bytes of the printf buffer's records already decoded (`drain_printf_buffer`).
    buffered_done: u64,
}

/// The services of one dispatch: the hostcall buffer's layout and the host's state.
pub struct DeviceServices {
    /// Device address of the buffer header (the kernel's `hidden_hostcall_buffer`); 0 when the kernel takes none.
    pub hostcall_addr: u64,
    /// The printf buffer (the kernel's `hidden_printf_buffer`, buffered printf), when the kernel takes one.
    pub printf_buffer: Option<buffered::PrintfBuffer>,
    packets: u64,
    headers: u64,
    payloads: u64,
    state: Mutex<State>,
}

impl DeviceServices {
    /// Map a hostcall buffer of `packets` packets (rounded up to a power of two; at least as many as waves that can
    /// wait at once, as the device code requires) into `mem`, its free stack holding every packet.
    pub fn map(mem: &mut GlobalMemory, packets: u64) -> Result<DeviceServices, String> {
        let packets = packets.clamp(2, 4096).next_power_of_two();
        let headers = HOSTCALL_BASE + SIGNAL_OFFSET + SIGNAL_BYTES;
        let payloads = (headers + packets * HEADER_BYTES).next_multiple_of(64);
        let size = payloads + packets * PAYLOAD_BYTES - HOSTCALL_BASE;
        let mut bytes = vec![0u8; (payloads - HOSTCALL_BASE) as usize];
        let mut put = |off: u64, v: u64| {
            bytes[off as usize..off as usize + 8].copy_from_slice(&v.to_le_bytes());
        };
        let mask = packets - 1;
        put(BUF_HEADERS, headers);
        put(BUF_PAYLOADS, payloads);
        put(BUF_DOORBELL, HOSTCALL_BASE + SIGNAL_OFFSET);
        put(BUF_INDEX_MASK, mask);
        put(SIGNAL_OFFSET, SIGNAL_KIND_USER);
        // The free stack: packet i links to packet i-1; packet 0 is linked with tag 1 so that no stack pointer is
        // ever 0 (0 is the empty stack).
        let mut top = 0;
        for i in 0..packets {
            let h = headers - HOSTCALL_BASE + i * HEADER_BYTES;
            put(h, top);
            top = if i == 0 { mask + 1 } else { i };
        }
        put(BUF_FREE_STACK, top);
        put(BUF_READY_STACK, 0);
        mem.map(Region::try_new(
            HOSTCALL_BASE,
            &bytes,
            size,
            "hostcall buffer",
            RegionKind::Other,
            true,
        )?)?;
        Ok(DeviceServices {
            hostcall_addr: HOSTCALL_BASE,
            printf_buffer: None,
            packets,
            headers,
            payloads,
            state: Mutex::new(State::default()),
        })
    }

    /// Services without a hostcall buffer (a kernel that takes only a printf buffer): `serve` has nothing to do.
    pub fn without_hostcall() -> DeviceServices {
        DeviceServices {
            hostcall_addr: 0,
            printf_buffer: None,
            packets: 0,
            headers: 0,
            payloads: 0,
            state: Mutex::new(State::default()),
        }
    }

    /// Decode the printf buffer's records written since the last call (in buffer order, which is the order the
    /// kernel reserved them) into what the kernel printed. The ROCm runtime prints them when the dispatch ends;
    /// the session calls this then. A record the host cannot decode ends the decoding with one line on stderr
    /// naming it (the records before it stay printed).
    pub fn drain_printf_buffer(&self, mem: &GlobalMemory) {
        let Some(pb) = &self.printf_buffer else {
            return;
        };
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let from = st.buffered_done;
        let (done, printed, error) = pb.decode(mem, from);
        st.buffered_done = done;
        st.printed.extend(printed);
        if let Some(e) = error {
            st.printed.push(Printed {
                stream: Stream::Stderr,
                text: format!("wavescope: printf buffer: {e}\n").into_bytes(),
            });
        }
    }

    /// Answer every packet on the ready stack, oldest first. Cheap when there is none (one qword read).
    pub fn serve(&self, mem: &GlobalMemory) -> Result<(), String> {
        if self.hostcall_addr == 0 {
            return Ok(());
        }
        let ready = HOSTCALL_BASE + BUF_READY_STACK;
        if mem.read_u64(ready).map_err(mem_err)? == 0 {
            return Ok(());
        }
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let top = mem.atomic_u64(ready, |_| 0).map_err(mem_err)?;
        let mut chain = Vec::new();
        let mut p = top;
        while p != 0 {
            if chain.len() as u64 >= self.packets {
                return Err(format!(
                    "the hostcall ready stack is corrupt: it links more than the buffer's {} packets",
                    self.packets
                ));
            }
            chain.push(p);
            p = mem.read_u64(self.header(p)).map_err(mem_err)?;
        }
        for &p in chain.iter().rev() {
            self.serve_packet(&mut st, mem, p)?;
        }
        Ok(())
    }

    fn index(&self, ptr: u64) -> u64 {
        ptr & (self.packets - 1)
    }

    fn header(&self, ptr: u64) -> u64 {
        self.headers + self.index(ptr) * HEADER_BYTES
    }

    fn serve_packet(&self, st: &mut State, mem: &GlobalMemory, ptr: u64) -> Result<(), String> {
        let idx = self.index(ptr);
        let h = self.header(ptr);
        let active = mem.read_u64(h + 8).map_err(mem_err)?;
        let service = mem.read_u32(h + 16).map_err(mem_err)?;
        let control = mem.read_u32(h + 20).map_err(mem_err)?;
        if control & 1 == 0 {
            return Err(format!(
                "hostcall packet {idx} is on the ready stack without its ready flag (control 0x{control:x})"
            ));
        }
        if service != SERVICE_PRINTF {
            return Err(format!(
                "hostcall packet {idx} asks for service {service}; wavescope provides printf (service {SERVICE_PRINTF}) only"
            ));
        }
        st.packets += 1;
        for lane in 0..64u64 {
            if active >> lane & 1 == 0 {
                continue;
            }
            let slot = self.payloads + idx * PAYLOAD_BYTES + lane * 64;
            let mut v = [0u64; 8];
            for (k, x) in v.iter_mut().enumerate() {
                *x = mem.read_u64(slot + 8 * k as u64).map_err(mem_err)?;
            }
            let (r0, r1) =
                message(st, &v).map_err(|e| format!("hostcall printf, lane {lane}: {e}"))?;
            mem.write(slot, &r0.to_le_bytes()).map_err(mem_err)?;
            mem.write(slot + 8, &r1.to_le_bytes()).map_err(mem_err)?;
        }
        mem.atomic_u32(h + 20, |c| c & !1).map_err(mem_err)?;
        Ok(())
    }

    /// What the kernel printed so far, in completion order.
    pub fn printed(&self) -> Vec<Printed> {
        self.state
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .printed
            .clone()
    }

    /// Take what the kernel printed so far (a front end that shows output as it comes).
    pub fn take_printed(&self) -> Vec<Printed> {
        std::mem::take(&mut self.state.lock().unwrap_or_else(|e| e.into_inner()).printed)
    }

    /// Take what the kernel printed so far as one text, streams together in the order printed (a console that
    /// shows stdout and stderr alike: gdb's, the TUI's).
    pub fn take_printed_text(&self) -> Vec<u8> {
        self.take_printed()
            .into_iter()
            .flat_map(|p| p.text)
            .collect()
    }

    /// Packets answered so far.
    pub fn packets_served(&self) -> u64 {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).packets
    }
}

fn mem_err(e: MemError) -> String {
    format!("hostcall buffer: {e}")
}

/// One lane's packet of a message (services.cl "MESSAGES": qword 0 the descriptor — bit 0 BEGIN, bit 1 END, bits
/// 2-4 reserved zero, bits 5-7 how many of the 7 following qwords are data, bits 8-63 the message id the host gave
/// out at BEGIN). Returns the two qwords the lane reads back: the descriptor to go on with, or at END the
/// handler's result (printf: the number of bytes printed).
fn message(st: &mut State, v: &[u64; 8]) -> Result<(u64, u64), String> {
    let desc = v[0];
    if desc >> 2 & 7 != 0 {
        return Err(format!(
            "message descriptor 0x{desc:x} has reserved bits set"
        ));
    }
    let len = (desc >> 5 & 7) as usize;
    let id = if desc & 1 != 0 {
        if st.open.len() >= OPEN_MESSAGES_MAX {
            return Err(format!(
                "more than {OPEN_MESSAGES_MAX} messages are open at once"
            ));
        }
        st.next_id += 1;
        st.open.insert(st.next_id, Vec::new());
        st.next_id
    } else {
        desc >> 8
    };
    let Some(words) = st.open.get_mut(&id) else {
        return Err(format!(
            "message descriptor 0x{desc:x} names message {id}, which is not open"
        ));
    };
    words.extend_from_slice(&v[1..1 + len]);
    if words.len() > MESSAGE_MAX_WORDS {
        st.open.remove(&id);
        return Err(format!(
            "message {id} grew past {MESSAGE_MAX_WORDS} qwords without an END (a runaway string?)"
        ));
    }
    if desc & 2 == 0 {
        return Ok((id << 8, 0));
    }
    let words = st.open.remove(&id).unwrap_or_default();
    let printed = printf_message(&words)?;
    let n = printed.text.len() as u64;
    st.printed.push(printed);
    Ok((n, 0))
}

/// A complete printf message: the control qword (0 stdout, 1 stderr), the format string, the arguments.
fn printf_message(words: &[u64]) -> Result<Printed, String> {
    let Some((&control, rest)) = words.split_first() else {
        return Err("an empty printf message (no control qword)".into());
    };
    let stream = match control {
        0 => Stream::Stdout,
        1 => Stream::Stderr,
        c => {
            return Err(format!(
                "printf control qword 0x{c:x} is neither stdout (0) nor stderr (1)"
            ))
        }
    };
    let mut args = printf::Args::new(rest);
    let fmt = args
        .string()
        .map_err(|_| "the printf format string has no NUL terminator".to_string())?;
    let text = printf::format(&fmt, &mut args).map_err(|e| {
        format!(
            "{e} (format \"{}\")",
            String::from_utf8_lossy(&fmt).escape_debug()
        )
    })?;
    Ok(Printed { stream, text })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Drive the buffer as the device code does (services.cl / hostcall_impl.cl), one lane.
    fn hostcall(s: &DeviceServices, mem: &GlobalMemory, service: u32, args: [u64; 8]) -> [u64; 2] {
        let b = s.hostcall_addr;
        let mask = mem.read_u64(b + BUF_INDEX_MASK).unwrap();
        let headers = mem.read_u64(b + BUF_HEADERS).unwrap();
        let payloads = mem.read_u64(b + BUF_PAYLOADS).unwrap();
        let f = mem.read_u64(b + BUF_FREE_STACK).unwrap();
        let h = headers + (f & mask) * HEADER_BYTES;
        let n = mem.read_u64(h).unwrap();
        mem.write(b + BUF_FREE_STACK, &n.to_le_bytes()).unwrap();
        mem.write(h + 8, &1u64.to_le_bytes()).unwrap();
        mem.write_u32(h + 16, service).unwrap();
        mem.write_u32(h + 20, 1).unwrap();
        let slot = payloads + (f & mask) * PAYLOAD_BYTES;
        for (k, a) in args.iter().enumerate() {
            mem.write(slot + 8 * k as u64, &a.to_le_bytes()).unwrap();
        }
        let r = mem.read_u64(b + BUF_READY_STACK).unwrap();
        mem.write(h, &r.to_le_bytes()).unwrap();
        mem.write(b + BUF_READY_STACK, &f.to_le_bytes()).unwrap();
        s.serve(mem).unwrap();
        assert_eq!(mem.read_u32(h + 20).unwrap() & 1, 0, "ready flag cleared");
        // return_free_packet: the tag steps.
        let top = mem.read_u64(b + BUF_FREE_STACK).unwrap();
        mem.write(h, &top.to_le_bytes()).unwrap();
        mem.write(b + BUF_FREE_STACK, &(f + mask + 1).to_le_bytes())
            .unwrap();
        [mem.read_u64(slot).unwrap(), mem.read_u64(slot + 8).unwrap()]
    }

    /// `text` with its NUL as the little-endian u64 words a device string is sent in (also printf.rs's tests).
    pub(super) fn words(text: &str) -> Vec<u64> {
        let mut b = text.as_bytes().to_vec();
        b.push(0);
        b.chunks(8)
            .map(|c| {
                let mut w = [0u8; 8];
                w[..c.len()].copy_from_slice(c);
                u64::from_le_bytes(w)
            })
            .collect()
    }

    #[test]
    fn a_printf_over_three_packets() {
        let mut mem = GlobalMemory::new();
        let s = DeviceServices::map(&mut mem, 4).unwrap();
        // BEGIN with the control qword (1 element).
        let r = hostcall(&s, &mem, 2, [1 | 1 << 5, 0, 0, 0, 0, 0, 0, 0]);
        let desc = r[0];
        assert_eq!(desc & 0xff, 0);
        // The format string (2 qwords), then two arguments with END.
        let f = words("x=%d %s!");
        let r = hostcall(
            &s,
            &mem,
            2,
            [desc | (f.len() as u64) << 5, f[0], f[1], 0, 0, 0, 0, 0],
        );
        let desc = r[0];
        let a = words("ok");
        let r = hostcall(
            &s,
            &mem,
            2,
            [
                desc | 2 | 2 << 5,
                (-3i32) as u32 as u64,
                a[0],
                0,
                0,
                0,
                0,
                0,
            ],
        );
        assert_eq!(r[0], 8, "printf returns the bytes printed");
        assert_eq!(
            s.printed(),
            vec![Printed {
                stream: Stream::Stdout,
                text: b"x=-3 ok!".to_vec()
            }]
        );
        assert_eq!(s.packets_served(), 3);
    }

    #[test]
    fn bad_packets_are_one_clear_error() {
        let mut mem = GlobalMemory::new();
        let s = DeviceServices::map(&mut mem, 4).unwrap();
        let b = s.hostcall_addr;
        // An unknown service.
        let f = mem.read_u64(b + BUF_FREE_STACK).unwrap();
        let h = s.header(f);
        mem.write_u32(h + 16, 7).unwrap();
        mem.write_u32(h + 20, 1).unwrap();
        mem.write(h, &0u64.to_le_bytes()).unwrap();
        mem.write(b + BUF_READY_STACK, &f.to_le_bytes()).unwrap();
        let e = s.serve(&mem).unwrap_err();
        assert!(e.contains("service 7"), "{e}");
        // A ready stack that links back to itself.
        mem.write_u32(h + 16, 2).unwrap();
        mem.write(h, &f.to_le_bytes()).unwrap();
        mem.write(b + BUF_READY_STACK, &f.to_le_bytes()).unwrap();
        let e = s.serve(&mem).unwrap_err();
        assert!(e.contains("corrupt"), "{e}");
        // A message id the host never gave out.
        let mut st = State::default();
        let e = message(&mut st, &[5 << 8 | 2, 0, 0, 0, 0, 0, 0, 0]).unwrap_err();
        assert!(e.contains("not open"), "{e}");
    }
}
