# wavescope: make stock gdb print gfx950 instructions.
#
# gdb sees a wavescope target as x86-64 and would decode AMDGPU bytes as x86. This plugin (gdb 13+, Python
# gdb.disassembler API) asks the server instead: `monitor disas1 ADDR` answers "LEN TEXT" for the instruction at
# ADDR, in llvm-objdump syntax. With it, `x/i $pc`, `display/i $pc`, `disassemble` and `disassemble /s` show
# real gfx950 text.
#
#   gdb -x debugger/gdb/wavescope_disasm.py -ex 'target remote :1234'
#
# Outside a wavescope session (no monitor reply of the right shape) the builtin x86 disassembler is used.

import gdb

try:
    import gdb.disassembler
except ImportError:  # gdb older than 13
    gdb.disassembler = None


class WavescopeDisassembler(gdb.disassembler.Disassembler if gdb.disassembler else object):
    """Delegates each instruction to the wavescope server's `monitor disas1`."""

    def __init__(self):
        super().__init__("wavescope-gfx950")

    def __call__(self, info):
        try:
            reply = gdb.execute("monitor disas1 0x%x" % info.address, to_string=True).strip()
        except gdb.error:
            return None  # not a wavescope target: fall back to gdb's own disassembler
        length, _, text = reply.partition(" ")
        if reply.startswith("error") or not length.isdigit():
            raise gdb.MemoryError("cannot read instruction at 0x%x" % info.address)
        return gdb.disassembler.DisassemblerResult(int(length), text)


if gdb.disassembler is not None:
    # Both stock x86-64 gdb and gdb-multiarch see the target as i386:x86-64.
    gdb.disassembler.register_disassembler(WavescopeDisassembler(), "i386:x86-64")


class WavescopeCommand(gdb.Command):
    """Run a wavescope monitor command on gdb's selected thread (wave): `wavescope lanes v1`, `ws waitcnt`.

    `monitor CMD` acts on the wave gdb addressed last, which `info threads` changes; this command names the
    selected thread explicitly. `ws help` lists the commands."""

    def __init__(self, name):
        super().__init__(name, gdb.COMMAND_USER)

    def invoke(self, arg, from_tty):
        thread = gdb.selected_thread()
        prefix = "thread %d " % thread.ptid[1] if thread is not None else ""
        gdb.execute("monitor " + prefix + arg, from_tty)


WavescopeCommand("wavescope")
WavescopeCommand("ws")
