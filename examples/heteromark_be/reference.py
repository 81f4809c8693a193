"""Hetero-Mark be (OpenCL 1.2), background extraction: per byte of a video frame, foreground =
frame where |frame - background| > threshold, and a running-average background update.
Reference written from kernel.cl: diff = (uint)(frame > bg ? frame - bg : bg - frame) (f32 sub,
truncating conversion), fg = diff > threshold ? frame : 0 (uchar store),
bg = bg*(1-alpha) + frame*alpha, which clang contracts to fma(bg, 1-alpha, alpha*frame)
(kernel.objdump.txt: v_sub_f32 1.0-alpha, v_mul_f32 alpha*frame, v_fmac_f32): reproduced with a
correctly rounded f32 fma, so both outputs are exact."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, zero_buf, scalar, out, write_case, fma32

W, H, C, BLOCK = 32, 24, 3, 256
N = W * H * C
rng = np.random.default_rng(41)
frame = rng.integers(0, 256, N).astype(np.uint8)
bg = (frame.astype(np.float32) + rng.normal(0, 12, N).astype(np.float32)).clip(0, 255).astype(np.float32)
bg[::17] = rng.uniform(0, 255, bg[::17].size).astype(np.float32)
thr, alpha = 10, np.float32(0.03)

fr = frame.astype(np.float32)
d = np.where(fr > bg, fr - bg, bg - fr).astype(np.float32)
diff = np.trunc(d).astype(np.uint32)
fg = np.where(diff > thr, frame, 0).astype(np.uint8)
new_bg = fma32(bg, (np.float32(1) - alpha).astype(np.float32), (alpha * fr).astype(np.float32))

write_case(
    "be_cl12", [N, 1, 1], [BLOCK, 1, 1],
    [buf("in_frame.bin", frame, "u8"), buf("in_bg.bin", bg, "f32"), zero_buf("u8", N),
     scalar("u32", W), scalar("u32", H), scalar("u32", C), scalar("u32", thr), scalar("f32", alpha)],
    [out(1, "expected_bg.bin", new_bg, "f32"), out(2, "expected_fg.bin", fg, "u8")],
    origin="NUCAR-DEV/Hetero-Mark src/be/cl12/kernels.cl (NUCAR/Northeastern University permissive license); kernel unchanged",
    notes="uchar loads/stores (global_load_ubyte, global_store_byte), v_cvt_f32_ubyte0, v_cvt_u32_f32; exact.",
)
