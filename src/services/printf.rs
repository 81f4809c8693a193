//! C `printf` formatting of a device printf message: the format string and the arguments as the device sends them
//! (AMDGPU printf lowering: every argument widened to 64 bits — 32-bit integers zero-extended, floats promoted to
//! double and sent as its bits, pointers as their address — and each `%s` argument sent inline as its bytes up to
//! and with the NUL, zero-padded to whole 64-bit words).
//!
//! Conversions (C11 7.21.6.1): `d i u o x X c s p f F e E g G a A n %`, flags `- + space # 0`, width and precision
//! (digits or `*`), length modifiers `hh h l ll z j t L q`. `%p` prints as glibc does (`0x…`, `(nil)` for null).

/// Where a message's reads stop: the words of one message after its control word.
pub struct Args<'a> {
    words: &'a [u64],
    pos: usize,
    /// Which argument is next (1-based in messages).
    n: usize,
    /// `%s` arguments sent as their device address, read from this memory (buffered printf with a format known
    /// only at run time: the compiler cannot tell which arguments are strings, so it sends every pointer as is).
    strings_at: Option<&'a crate::exec::GlobalMemory>,
}

/// Longest `%s` string read from device memory (a missing NUL must not read on for ever).
const STRING_AT_MAX: usize = 1 << 20;

impl<'a> Args<'a> {
    pub fn new(words: &'a [u64]) -> Args<'a> {
        Args {
            words,
            pos: 0,
            n: 0,
            strings_at: None,
        }
    }

    /// Arguments whose `%s` are device addresses of the strings, read from `mem`.
    pub fn with_strings_at(mut self, mem: &'a crate::exec::GlobalMemory) -> Args<'a> {
        self.strings_at = Some(mem);
        self
    }

    /// A `%s` argument: inline, or at its device address (`with_strings_at`; null prints `(null)` as glibc does).
    fn string_arg(&mut self) -> Result<Vec<u8>, String> {
        let Some(mem) = self.strings_at else {
            return self.string();
        };
        let addr = self.next("a string's address")?;
        if addr == 0 {
            return Ok(b"(null)".to_vec());
        }
        let mut out = Vec::new();
        let mut b = [0u8; 1];
        loop {
            mem.read(addr + out.len() as u64, &mut b).map_err(|e| {
                format!(
                    "the %s argument {} at {addr:#x} cannot be read: {e}",
                    self.n
                )
            })?;
            if b[0] == 0 {
                return Ok(out);
            }
            out.push(b[0]);
            if out.len() > STRING_AT_MAX {
                return Err(format!(
                    "the %s argument {} at {addr:#x} has no NUL in its first {STRING_AT_MAX} bytes",
                    self.n
                ));
            }
        }
    }

    fn next(&mut self, what: &str) -> Result<u64, String> {
        self.n += 1;
        let v = self.words.get(self.pos).copied().ok_or_else(|| {
            format!(
                "the printf message ended before its argument {} ({what})",
                self.n
            )
        })?;
        self.pos += 1;
        Ok(v)
    }

    /// A NUL-terminated byte string sent inline (zero-padded to whole words).
    pub fn string(&mut self) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        loop {
            let Some(&w) = self.words.get(self.pos) else {
                return Err(
                    "a printf string runs past the end of its message (no NUL terminator)".into(),
                );
            };
            self.pos += 1;
            for b in w.to_le_bytes() {
                if b == 0 {
                    return Ok(out);
                }
                out.push(b);
            }
        }
    }
}

#[derive(Default, Clone, Copy)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
}

impl Spec {
    /// The sign a signed conversion prints: `-`, or `+` / ` ` by the flags (C11 7.21.6.1p6).
    fn sign(&self, negative: bool) -> &'static str {
        if negative {
            "-"
        } else if self.plus {
            "+"
        } else if self.space {
            " "
        } else {
            ""
        }
    }
}

/// Format `fmt` with the arguments that follow it in `args`, as C `printf` does.
pub fn format(fmt: &[u8], args: &mut Args) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        if c != b'%' {
            out.push(c);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let mut s = Spec::default();
        while i < fmt.len() {
            match fmt[i] {
                b'-' => s.left = true,
                b'+' => s.plus = true,
                b' ' => s.space = true,
                b'#' => s.alt = true,
                b'0' => s.zero = true,
                _ => break,
            }
            i += 1;
        }
        if fmt.get(i) == Some(&b'*') {
            i += 1;
            let w = args.next("a `*` width")? as u32 as i32;
            // C11 7.21.6.1p5: a negative width is a `-` flag and a positive width.
            if w < 0 {
                s.left = true;
            }
            s.width = w.unsigned_abs() as usize;
        } else {
            while let Some(d) = fmt.get(i).filter(|d| d.is_ascii_digit()) {
                s.width = s
                    .width
                    .saturating_mul(10)
                    .saturating_add((d - b'0') as usize);
                i += 1;
            }
        }
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            if fmt.get(i) == Some(&b'*') {
                i += 1;
                let p = args.next("a `*` precision")? as u32 as i32;
                // A negative precision is taken as if it were omitted.
                s.prec = (p >= 0).then_some(p as usize);
            } else {
                let mut p = 0usize;
                while let Some(d) = fmt.get(i).filter(|d| d.is_ascii_digit()) {
                    p = p.saturating_mul(10).saturating_add((d - b'0') as usize);
                    i += 1;
                }
                s.prec = Some(p);
            }
        }
        // Length modifier: the integer width in bytes (0: int).
        let mut len = 0u32;
        loop {
            match fmt.get(i) {
                Some(b'h') => {
                    len = if len == 2 { 1 } else { 2 };
                }
                Some(b'l') | Some(b'z') | Some(b'j') | Some(b't') | Some(b'L') | Some(b'q') => {
                    len = 8
                }
                _ => break,
            }
            i += 1;
        }
        let Some(&conv) = fmt.get(i) else {
            // A lone `%` at the end: printed as written.
            out.extend_from_slice(&fmt[start..]);
            break;
        };
        i += 1;
        match conv {
            b'%' => out.push(b'%'),
            b'd' | b'i' => {
                let v = args.next("an integer")?;
                let v: i64 = match len {
                    1 => v as i8 as i64,
                    2 => v as i16 as i64,
                    8 => v as i64,
                    _ => v as i32 as i64,
                };
                let sign = s.sign(v < 0);
                let digits = int_digits(v.unsigned_abs().to_string(), s.prec);
                pad(&mut out, sign, &digits, s, s.prec.is_none());
            }
            b'u' | b'o' | b'x' | b'X' => {
                let v = args.next("an integer")?;
                let v: u64 = match len {
                    1 => v as u8 as u64,
                    2 => v as u16 as u64,
                    8 => v,
                    _ => v as u32 as u64,
                };
                let (mut digits, prefix) = match conv {
                    b'u' => (v.to_string(), ""),
                    b'o' => (format!("{v:o}"), ""),
                    b'x' => (format!("{v:x}"), if s.alt && v != 0 { "0x" } else { "" }),
                    _ => (format!("{v:X}"), if s.alt && v != 0 { "0X" } else { "" }),
                };
                digits = int_digits(digits, s.prec);
                // `#o`: the precision grows until the first digit is a zero.
                if conv == b'o' && s.alt && !digits.starts_with('0') {
                    digits.insert(0, '0');
                }
                pad(&mut out, prefix, &digits, s, s.prec.is_none());
            }
            b'c' => {
                let v = args.next("a character")?;
                pad_bytes(&mut out, &[v as u8], s);
            }
            b's' => {
                let mut text = args.string_arg()?;
                if let Some(p) = s.prec {
                    text.truncate(p);
                }
                pad_bytes(&mut out, &text, s);
            }
            b'p' => {
                let v = args.next("a pointer")?;
                if v == 0 {
                    pad_bytes(&mut out, b"(nil)", s);
                } else {
                    let digits = int_digits(format!("{v:x}"), s.prec);
                    let sign = if s.plus {
                        "+0x"
                    } else if s.space {
                        " 0x"
                    } else {
                        "0x"
                    };
                    pad(&mut out, sign, &digits, s, s.prec.is_none());
                }
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                let v = f64::from_bits(args.next("a floating-point number")?);
                let sign = s.sign(v.is_sign_negative());
                let upper = conv.is_ascii_uppercase();
                let body = if !v.is_finite() {
                    let t = if v.is_nan() { "nan" } else { "inf" };
                    // Infinities and NaNs are never zero-padded.
                    let t = if upper {
                        t.to_ascii_uppercase()
                    } else {
                        t.into()
                    };
                    let s2 = Spec { zero: false, ..s };
                    pad(&mut out, sign, &t, s2, true);
                    continue;
                } else {
                    let a = v.abs();
                    match conv.to_ascii_lowercase() {
                        b'f' => fixed(a, s.prec.unwrap_or(6), s.alt),
                        b'e' => exponent(a, s.prec.unwrap_or(6), s.alt),
                        b'g' => general(a, s.prec.unwrap_or(6), s.alt),
                        _ => hex_float(a, s.prec, s.alt),
                    }
                };
                let body = if upper {
                    body.to_ascii_uppercase()
                } else {
                    body
                };
                if conv.eq_ignore_ascii_case(&b'a') {
                    // The 0x prefix goes before the zero padding.
                    let (px, rest) = body.split_at(2);
                    let sign = format!("{sign}{px}");
                    pad(&mut out, &sign, rest, s, true);
                } else {
                    pad(&mut out, sign, &body, s, true);
                }
            }
            b'n' => {
                // Stores the count through a device pointer: nothing to print (the host cannot write it back).
                args.next("a %n pointer")?;
            }
            _ => {
                // Not a conversion C defines: printed as written.
                out.extend_from_slice(&fmt[start..i]);
            }
        }
    }
    Ok(out)
}

/// At least `prec` digits (precision 0 and value 0: no digits).
fn int_digits(digits: String, prec: Option<usize>) -> String {
    match prec {
        Some(0) if digits == "0" => String::new(),
        Some(p) if digits.len() < p => format!("{}{digits}", "0".repeat(p - digits.len())),
        _ => digits,
    }
}

/// `prefix` (sign, 0x) and `body` in a field of `s.width`: left-justified, zero-padded between prefix and body
/// (when `zero_ok`: not for integers with a precision), or right-justified with spaces.
fn pad(out: &mut Vec<u8>, prefix: &str, body: &str, s: Spec, zero_ok: bool) {
    let n = prefix.len() + body.len();
    let fill = s.width.saturating_sub(n);
    if s.left {
        out.extend_from_slice(prefix.as_bytes());
        out.extend_from_slice(body.as_bytes());
        out.extend(std::iter::repeat_n(b' ', fill));
    } else if s.zero && zero_ok {
        out.extend_from_slice(prefix.as_bytes());
        out.extend(std::iter::repeat_n(b'0', fill));
        out.extend_from_slice(body.as_bytes());
    } else {
        out.extend(std::iter::repeat_n(b' ', fill));
        out.extend_from_slice(prefix.as_bytes());
        out.extend_from_slice(body.as_bytes());
    }
}

fn pad_bytes(out: &mut Vec<u8>, body: &[u8], s: Spec) {
    let fill = s.width.saturating_sub(body.len());
    if !s.left {
        out.extend(std::iter::repeat_n(b' ', fill));
    }
    out.extend_from_slice(body);
    if s.left {
        out.extend(std::iter::repeat_n(b' ', fill));
    }
}

/// `%f` of a non-negative finite value (Rust's fixed formatting is exact and rounds half to even, as glibc).
fn fixed(a: f64, prec: usize, alt: bool) -> String {
    let mut t = format!("{a:.prec$}");
    if alt && prec == 0 {
        t.push('.');
    }
    t
}

/// `%e`: d.ddde±XX (at least two exponent digits).
fn exponent(a: f64, prec: usize, alt: bool) -> String {
    let t = format!("{a:.prec$e}");
    let (mant, exp) = t.split_once('e').unwrap_or((&t, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let mut m = mant.to_string();
    if alt && prec == 0 {
        m.push('.');
    }
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{m}e{sign}{:02}", exp.unsigned_abs())
}

/// `%g`: `%e` or `%f` by the exponent (C11 7.21.6.1p8), trailing zeros removed unless `#`.
fn general(a: f64, prec: usize, alt: bool) -> String {
    let p = prec.max(1);
    // The exponent X that %e with precision P-1 would print.
    let e = exponent(a, p - 1, false);
    let x: i64 = e
        .rsplit_once('e')
        .and_then(|(_, x)| x.parse().ok())
        .unwrap_or(0);
    let mut t = if (p as i64) > x && x >= -4 {
        fixed(a, (p as i64 - 1 - x) as usize, alt)
    } else {
        exponent(a, p - 1, alt)
    };
    if !alt {
        let (mant, exp) = match t.find('e') {
            Some(k) => (t[..k].to_string(), t[k..].to_string()),
            None => (t.clone(), String::new()),
        };
        let mant = if mant.contains('.') {
            mant.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            mant
        };
        t = mant + &exp;
    }
    t
}

/// `%a` as glibc prints it: 0x1.hhhp±d for normal numbers, 0x0.hhhp-1022 for subnormals, 0x0p+0 for zero;
/// without a precision the fraction has no trailing zeros; with one it is rounded half to even.
fn hex_float(a: f64, prec: Option<usize>, alt: bool) -> String {
    let bits = a.to_bits();
    let biased = (bits >> 52) as i64 & 0x7ff;
    let frac = bits & ((1u64 << 52) - 1);
    let (lead, exp) = if biased == 0 {
        (0u64, if frac == 0 { 0 } else { -1022 })
    } else {
        (1u64, biased - 1023)
    };
    // 13 hex digits of fraction.
    let mut lead = lead;
    let digits = match prec {
        None => {
            let s = format!("{frac:013x}");
            s.trim_end_matches('0').to_string()
        }
        Some(p) if p >= 13 => format!("{frac:013x}{}", "0".repeat(p - 13)),
        Some(p) => {
            let drop = (13 - p) * 4;
            let mut keep = frac >> drop;
            let rest = frac & ((1u64 << drop) - 1);
            let half = 1u64 << (drop - 1);
            if rest > half || (rest == half && keep & 1 == 1) {
                keep += 1;
                if keep >> (p * 4) != 0 {
                    keep &= (1u64 << (p * 4)) - 1;
                    // The carry goes into the leading digit, as glibc prints it (0x2.00p+0, not 0x1.00p+1).
                    lead += 1;
                }
            }
            if p == 0 {
                String::new()
            } else {
                format!("{keep:0width$x}", width = p)
            }
        }
    };
    let dot = if digits.is_empty() && !alt { "" } else { "." };
    let sign = if exp < 0 { '-' } else { '+' };
    format!("0x{lead}{dot}{digits}p{sign}{}", exp.unsigned_abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, words: &[u64]) -> String {
        String::from_utf8(format(fmt.as_bytes(), &mut Args::new(words)).unwrap()).unwrap()
    }

    use super::super::tests::words as s;

    // Expected strings are what glibc's printf prints for the same format and values (C11 7.21.6.1).
    #[test]
    fn integers() {
        assert_eq!(
            f("%d|%5d|%-5d|%05d", &[42, (-7i32) as u32 as u64, 3, 12]),
            "42|   -7|3    |00012"
        );
        assert_eq!(f("%+d % d %.3d %.0d", &[5, 5, 5, 0]), "+5  5 005 ");
        assert_eq!(f("%hhd %hd %ld", &[0xff, 0x8000, u64::MAX]), "-1 -32768 -1");
        assert_eq!(
            f(
                "%u %x %X %#x %#o %o",
                &[u32::MAX as u64, 255, 255, 255, 8, 0]
            ),
            "4294967295 ff FF 0xff 010 0"
        );
        assert_eq!(
            f("%*d|%-*d|%.*d", &[4, 1, (-4i32) as u32 as u64, 2, 3, 7]),
            "   1|2   |007"
        );
        assert_eq!(
            f("%lu %llx %zu", &[u64::MAX, 1 << 40, 9]),
            "18446744073709551615 10000000000 9"
        );
        assert_eq!(f("%08.3d", &[5]), "     005");
    }

    #[test]
    fn floats() {
        let d = |x: f64| x.to_bits();
        assert_eq!(
            f(
                "%f %.2f %10.3f %-8.1f|",
                &[d(1.5), d(2.345), d(-3.14159), d(0.25)]
            ),
            "1.500000 2.35     -3.142 0.2     |"
        );
        assert_eq!(
            f(
                "%e %.2E %g %g %g",
                &[d(12345.678), d(0.000123), d(100000.0), d(1e6), d(0.0001)]
            ),
            "1.234568e+04 1.23E-04 100000 1e+06 0.0001"
        );
        assert_eq!(
            f("%g %G %#g %.3g", &[d(0.5), d(1e-5), d(1.0), d(3.14159)]),
            "0.5 1E-05 1.00000 3.14"
        );
        assert_eq!(
            f("%a %A %.2a %a", &[d(1.0), d(-0.5), d(1.999), d(0.0)]),
            "0x1p+0 -0X1P-1 0x2.00p+0 0x0p+0"
        );
        assert_eq!(
            f(
                "%a %.1a %a %#x %#.0o",
                &[d(5e-324), d(1.96875), d(0.1), 0, 0]
            ),
            "0x0.0000000000001p-1022 0x2.0p+0 0x1.999999999999ap-4 0 0"
        );
        assert_eq!(
            f(
                "%f %F %5.1f %+e",
                &[d(f64::INFINITY), d(f64::NAN), d(f64::NEG_INFINITY), d(0.0)]
            ),
            "inf NAN  -inf +0.000000e+00"
        );
        assert_eq!(
            f("%010.2f %+.0f %#.0f", &[d(-1.5), d(2.5), d(3.0)]),
            "-000001.50 +2 3."
        );
    }

    #[test]
    fn strings_chars_pointers() {
        let mut w = s("hello, world");
        w.extend(s(""));
        w.push(b'Z' as u64);
        w.push(0);
        w.push(0xdead_beef);
        assert_eq!(
            f("[%s][%5s][%c][%p][%p] 100%%", &w),
            "[hello, world][     ][Z][(nil)][0xdeadbeef] 100%"
        );
        let mut w = s("abcdef");
        w.extend(s("xy"));
        assert_eq!(f("%.3s|%-4s|", &w), "abc|xy  |");
    }

    #[test]
    fn bad_messages_say_what() {
        let e = format(b"%d %d", &mut Args::new(&[1])).unwrap_err();
        assert!(e.contains("argument 2"), "{e}");
        let e = format(b"%s", &mut Args::new(&[u64::from_le_bytes(*b"abcdefgh")])).unwrap_err();
        assert!(e.contains("NUL"), "{e}");
    }
}
