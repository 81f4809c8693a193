#!/usr/bin/env python3
"""Probe llvm-objdump-22 for which encoding bits each gfx950 opcode leaves free, requires, or ignores.

Writes tools/isa_llvm_bits.csv, read by gen_isa_tables.py (so tables need no LLVM to regenerate).
For every opcodes.csv row, starting from the row example's encoding (tests/fixtures/isa/every_opcode.objdump.txt),
each modifier/control bit and each bit of an operand field the op does not use is flipped alone, and the
disassembly compared with the base:  `.long` -> the bit must keep its base value (reserved for this op);
identical text -> llvm ignores the bit (base_value gives the base bits at both kinds of position);  anything else -> the bit means something.
DPP and SDWA forms of VOP1/VOP2/VOPC ops are probed on their second dword the same way.

Usage: python3 tools/probe_llvm_isa.py   (needs llvm-mc-22 and llvm-objdump-22; a few seconds)
"""
import csv, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CSV = os.path.join(ROOT, "..", "shared", "isa", "opcodes.csv")
BASE = os.path.join(ROOT, "tests", "fixtures", "isa", "every_opcode.objdump.txt")
OUT = os.path.join(ROOT, "tools", "isa_llvm_bits.csv")
sys.path.insert(0, os.path.join(ROOT, "tools"))
from gen_isa_tables import split_operands, operand_list, table_of  # noqa: E402

def listing_insts(path):
    out = []
    for line in open(path):
        m = re.match(r"\t(.*?)\s*// ([0-9A-F]{12}): ((?:[0-9A-F]{8} ?)+)", line)
        if m:
            out.append((int(m.group(2), 16), m.group(1).strip(), [int(w, 16) for w in m.group(3).split()]))
    return out

def bits(lo, hi):
    return list(range(lo, hi + 1))

def probe_bits(fmt, name, roles, ws):
    """Bit positions (0..63) to flip for a row of `fmt` whose printed roles are `roles`."""
    t = table_of(fmt)
    b = []
    if t == "SOP2":
        if "Dst" not in roles: b += bits(16, 22)
        if "Src0" not in roles: b += bits(0, 7)
        if "Src1" not in roles: b += bits(8, 15)
    elif t == "SOP1":
        if "Dst" not in roles: b += bits(16, 22)
        if "Src0" not in roles: b += bits(0, 7)
    elif t == "SOPC":
        if "Src1" not in roles and "GprIdx" not in roles: b += bits(8, 15)
        if "GprIdx" in roles: b += bits(12, 15)
    elif t == "SOPK":
        if "Dst" not in roles: b += bits(16, 22)
    elif t == "SOPP":
        if not roles: b += bits(0, 15)
    elif t == "SMEM":
        b += bits(13, 17)
        if "Sdata" not in roles and "ProbeImm" not in roles: b += bits(6, 12)
        if "Sbase" not in roles: b += bits(0, 5)
        if "Soffset" not in roles: b += bits(32, 52) + bits(57, 63)
        else: b += bits(53, 56)
    elif t in ("VOP1", "VOP2", "VOPC"):
        if t == "VOP1" and "Dst" not in roles: b += bits(17, 24)
        if t == "VOP1" and "Src0" not in roles: b += bits(0, 8)
    elif t in ("VOP3", "VOP3P"):
        # (VOP3B SDST [14:8] is an operand: llvm re-aligns it, so single flips look ignored)
        b += (bits(8, 15) if "SDst" not in roles else [15]) + bits(59, 63)
        if "Dst" not in roles: b += bits(0, 7)
        if "Src0" not in roles: b += bits(32, 40)
        if "Src1" not in roles: b += bits(41, 49)
        if "Src2" not in roles: b += bits(50, 58)
    elif t == "DS":
        b += bits(0, 16) + [25]
        if "Addr" not in roles: b += bits(32, 39)
        if "Data0" not in roles: b += bits(40, 47)
        if "Data1" not in roles: b += bits(48, 55)
        if "Vdst" not in roles: b += bits(56, 63)
    elif t == "MUBUF":
        b += bits(0, 17) + [55]
        if not roles: b += bits(32, 54) + bits(56, 63)
    elif t == "MTBUF":
        b += bits(12, 14) + [53, 54, 55]
    else:  # FLAT / GLOBAL / SCRATCH
        b += bits(0, 13) + [16, 17, 25, 55]
        if "Data0" not in roles: b += bits(40, 47)
        if "Vdst" not in roles and "atomic" not in name.lower(): b += bits(56, 63)  # atomics: VDST with sc0
        if t == "FLAT": b += bits(48, 54)
    return sorted(set(x for x in b if x < 32 * len(ws)))

def ext_forms(fmt, ws, row):
    """(form, base words, bits) for the DPP / SDWA forms of a 32-bit VOP row."""
    t = table_of(fmt)
    out = []
    w0 = ws[0]
    if t in ("VOP1", "VOP2") and row["dpp"] == "yes":
        w1 = 0xFF00E400 | (w0 & 0xFF)
        out.append(("dpp", [(w0 & ~0x1FF) | 250, w1], bits(32 + 17, 32 + 23)))
    if t in ("VOP1", "VOP2", "VOPC") and row["sdwa"] == "yes":
        w1 = {"VOP1": 0x00060600, "VOP2": 0x06060600, "VOPC": 0x06060000}[t] | (w0 & 0xFF)
        bl = bits(32 + 19, 32 + 23) + bits(32 + 27, 32 + 31)
        # (VOPC SDWAB: SDST [46:40] only means something with SD [47] set, so only SD is probed)
        bl += bits(32 + 11, 32 + 15) if t != "VOPC" else [32 + 15]
        out.append(("sdwa", [(w0 & ~0x1FF) | 249, w1], bl))
    return out

def run(all_words):
    with tempfile.TemporaryDirectory() as d:
        s = os.path.join(d, "p.s")
        with open(s, "w") as f:
            f.write(".text\np:\n")
            for ws in all_words:
                # four s_nop after each probe re-synchronise the stream after an invalid first dword
                f.write("  .long " + ", ".join("0x%08X" % w for w in ws) + ", 0xBF800000, 0xBF800000, 0xBF800000, 0xBF800000\n")
        o = os.path.join(d, "p.o")
        subprocess.run(["llvm-mc-22", "-triple=amdgcn-amd-amdhsa", "-mcpu=gfx950", "-filetype=obj", s, "-o", o], check=True)
        txt = subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx950", o], check=True, capture_output=True, text=True).stdout
    by_pc = {pc: text for pc, text, _ in listing_insts_text(txt)}
    res = []
    pc = 0
    for ws in all_words:
        t = by_pc.get(pc, ".long")
        res.append(".long" if t.startswith(".long") else t)
        pc += 4 * (len(ws) + 4)
    return res

def listing_insts_text(txt):
    out = []
    for line in txt.splitlines():
        m = re.match(r"\t(.*?)\s*// ([0-9A-F]{12}): ((?:[0-9A-F]{8} ?)+)", line)
        if m:
            out.append((int(m.group(2), 16), m.group(1).strip(), None))
    return out

def main():
    rows = list(csv.DictReader(open(CSV, newline="")))
    base = listing_insts(BASE)
    assert len(base) >= len(rows), "every_opcode listing shorter than opcodes.csv"
    jobs = []   # (row index, form, base words, bit)
    bases = []  # (row index, form, base words)
    for i, r in enumerate(rows):
        _, text, ws = base[i]
        mn, toks = split_operands(r["llvm_syntax_example"])
        roles = [x[0] for x in operand_list(r["format"], r["name"], toks)]
        forms = [("main", ws, probe_bits(r["format"], r["name"], roles, ws))] + ext_forms(r["format"], ws, r)
        for form, fws, bl in forms:
            bases.append((i, form, fws))
            for b in bl:
                w = list(fws)
                w[b // 32] ^= 1 << (b % 32)
                jobs.append((i, form, fws, b, w))
    base_txt = run([b[2] for b in bases])
    probe_txt = run([j[4] for j in jobs])
    base_of = {(i, form): t for (i, form, _), t in zip(bases, base_txt)}
    acc = {}
    for (i, form, fws, b, _), t in zip(jobs, probe_txt):
        bt = base_of[(i, form)]
        key = (i, form)
        a = acc.setdefault(key, {"inv": 0, "ign": 0, "val": 0, "ok": bt != ".long"})
        if t == ".long":
            a["inv"] |= 1 << b
            a["val"] |= ((fws[b // 32] >> (b % 32)) & 1) << b
        elif t == bt:
            a["ign"] |= 1 << b
            a["val"] |= ((fws[b // 32] >> (b % 32)) & 1) << b
    for (i, form), t in base_of.items():
        acc.setdefault((i, form), {"inv": 0, "ign": 0, "val": 0, "ok": t != ".long"})
    with open(OUT, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["format", "opcode", "name", "form", "base_valid", "reserved_mask", "base_value", "ignored_mask"])
        for (i, form), a in sorted(acc.items()):
            r = rows[i]
            w.writerow([r["format"], r["opcode"], r["name"], form, "yes" if a["ok"] else "no",
                        "0x%016X" % a["inv"], "0x%016X" % a["val"], "0x%016X" % a["ign"]])
    print(f"wrote {OUT}: {len(acc)} forms, {len(jobs)} probes")

if __name__ == "__main__":
    main()
