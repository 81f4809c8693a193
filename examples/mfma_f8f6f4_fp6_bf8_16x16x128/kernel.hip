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
 * (one wave in dim3(16, 4)), for the gfx950 V_MFMA_F32_16X16X128_F8F6F4 without scaling, with
 * mixed types: A in FP6 E2M3 (cbsz = 2, 6 VGPRs) and B in BF8 E5M2 (blgp = 1, 8 VGPRs), C input.
 * The builtin is the scaled one; with both scale operands 0 clang selects the unscaled
 * instruction (no V_MFMA_LD_SCALE_B32 prefix; see kernel.objdump.txt), whose scales are 1.0.
 * D = A*B + C; A 16x128 FP6 codes (one code in the low 6 bits of a byte) row-major; B 128x16 BF8
 * bytes row-major. Operand layouts (CDNA4 guide 7.1.4 and 7.1.5.1):
 *   A FP6: lane m + 16g holds row m, items 0..31 = k 32g..32g+31, item i in bits 6i..6i+5 of the
 *          192-bit register group
 *   B BF8: lane n + 16g holds column n, bytes 0..15 = k 16g..16g+15, bytes 16..31 = k 64+16g.. */

constexpr int M = 16;
constexpr int N = 16;
constexpr int K = 128;

constexpr int LDA = K;
constexpr int LDB = N;
constexpr int LDD = N;

__global__ void fp6bf8gemm_16x16x128(const unsigned char* A, const unsigned char* B, const float* C, float* D)
{
  using intx8 = __attribute__((__vector_size__(8 * sizeof(int)))) int;
  using floatx4 = __attribute__((__vector_size__(4 * sizeof(float)))) float;
  const int m = threadIdx.x;
  const int g = threadIdx.y;

  floatx4 d;
  for(int i = 0; i < 4; ++i){
    d[i] = C[m + i * LDD + g * 4 * LDD];
  }

  intx8 a = {0};   // FP6: only a[0..5] are read by the instruction
  for(int i = 0; i < 32; ++i){
    const unsigned long long code = A[m * LDA + 32 * g + i] & 0x3f;
    const int bit = 6 * i;
    a[bit / 32] |= (int)(unsigned int)(code << (bit % 32));
    if(bit % 32 > 26)                       // the code straddles two registers
      a[bit / 32 + 1] |= (int)(unsigned int)(code >> (32 - bit % 32));
  }
  intx8 b = {0};
  for(int r = 0; r < 8; ++r){
    const int kbase = (r < 4) ? 16 * g + 4 * r : 64 + 16 * g + 4 * (r - 4);
    unsigned int w = 0;
    for(int i = 0; i < 4; ++i)
      w |= (unsigned int)B[(kbase + i) * LDB + m] << (8 * i);
    b[r] = (int)w;
  }

  d = __builtin_amdgcn_mfma_scale_f32_16x16x128_f8f6f4(a, b, d, 2 /* A: FP6 E2M3 */, 1 /* B: BF8 E5M2 */,
                                                        0, 0, 0, 0);

  for(int i = 0; i < 4; ++i){
    D[m + i * LDD + g * 4 * LDD] = d[i];
  }
}
