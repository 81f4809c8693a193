/*
Copyright (c) 2021-2022 Advanced Micro Devices, Inc. All rights reserved.
Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in
all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.  IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
THE SOFTWARE.
*/

/* wavescope example modelled on amd-lab-notes matrix-cores/src/mfma_fp32_16x16x16fp16.cpp
 * (one wave in dim3(16, 4)), for the gfx950 block-scaled V_MFMA_SCALE_F32_16X16X128_F8F6F4 with
 * A in FP8 E4M3 (cbsz = 0, 8 VGPRs) and B in FP4 E2M1 (blgp = 4, 4 VGPRs), C input, E8M0 scales.
 * D = A*B + C; A 16x128 FP8 bytes row-major; B 128x16 FP4 codes, one code (low nibble) per byte,
 * row-major; SA[16][4] / SB[16][4] E8M0 scale bytes per (row of A / column of B, K block of 32).
 * Operand layouts (CDNA4 guide 7.1.5.1 and 7.2):
 *   A FP8: lane m + 16g holds row m, bytes 0..15 = k 16g..16g+15, bytes 16..31 = k 64+16g..64+16g+15
 *   B FP4: lane n + 16g holds column n, nibbles 0..31 = k 32g..32g+31 (low nibble first)
 *   scales: lane m + 16g, byte 0 (op_sel 0) = scale of row m (column n for B), K block g */

constexpr int M = 16;
constexpr int N = 16;
constexpr int K = 128;

constexpr int LDA = K;
constexpr int LDB = N;
constexpr int LDD = N;

__global__ void scaled_f8f4gemm_16x16x128(const unsigned char* A, const unsigned char* B,
                                          const unsigned char* SA, const unsigned char* SB,
                                          const float* C, float* D)
{
  using intx8 = __attribute__((__vector_size__(8 * sizeof(int)))) int;
  using floatx4 = __attribute__((__vector_size__(4 * sizeof(float)))) float;
  const int m = threadIdx.x;   // row of A / column of B
  const int g = threadIdx.y;   // lane group

  floatx4 d;
  for(int i = 0; i < 4; ++i){
    d[i] = C[m + i * LDD + g * 4 * LDD];
  }

  intx8 a = {0};
  for(int r = 0; r < 8; ++r){
    const int kbase = (r < 4) ? 16 * g + 4 * r : 64 + 16 * g + 4 * (r - 4);
    unsigned int w = 0;
    for(int i = 0; i < 4; ++i)
      w |= (unsigned int)A[m * LDA + kbase + i] << (8 * i);
    a[r] = (int)w;
  }
  intx8 b = {0};   // FP4: only b[0..3] are read by the instruction
  for(int r = 0; r < 4; ++r){
    unsigned int w = 0;
    for(int i = 0; i < 8; ++i)
      w |= (unsigned int)(B[(32 * g + 8 * r + i) * LDB + m] & 0xf) << (4 * i);
    b[r] = (int)w;
  }
  const int sa = SA[m * 4 + g];
  const int sb = SB[m * 4 + g];

  d = __builtin_amdgcn_mfma_scale_f32_16x16x128_f8f6f4(a, b, d, 0 /* A: FP8 E4M3 */, 4 /* B: FP4 E2M1 */,
                                                        0, sa, 0, sb);

  for(int i = 0; i < 4; ++i){
    D[m + i * LDD + g * 4 * LDD] = d[i];
  }
}
