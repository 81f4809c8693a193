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
 * (sgemm_16x16x16: one wave in dim3(16, 4), A/B/D indexing of that file), rewritten for bf16 and
 * extended to K = 64 with a C input, to exercise the gfx950 bf16 MFMAs:
 *   k  0..31: v_mfma_f32_16x16x32_bf16   (gfx950; 8 bf16 per lane: lane group ty holds k = 8ty..8ty+7)
 *   k 32..63: v_mfma_f32_16x16x16_bf16 x2 (the _1k form; 4 bf16 per lane: k = 4ty..4ty+3 per step)
 * D = A*B + C, A 16x64, B 64x16 (row-major, bf16 as raw 16-bit patterns), C and D 16x16 f32. */

constexpr int M = 16;
constexpr int N = 16;
constexpr int K = 64;

constexpr int LDA = K;
constexpr int LDB = N;
constexpr int LDD = N;

__global__ void bf16gemm_16x16x64(const unsigned short* A, const unsigned short* B, const float* C, float* D)
{
  using bf16x8 = __attribute__((__vector_size__(8 * sizeof(__bf16)))) __bf16;
  using shortx4 = __attribute__((__vector_size__(4 * sizeof(short)))) short;
  using floatx4 = __attribute__((__vector_size__(4 * sizeof(float)))) float;

  // C in the D layout: d[i] holds row i + 4 * threadIdx.y, column threadIdx.x
  floatx4 d;
  for(int i = 0; i < 4; ++i){
    d[i] = C[threadIdx.x + i * LDD + threadIdx.y * 4 * LDD];
  }

  // first 32 columns of A / rows of B: one 16x16x32 MFMA, 8 consecutive k per lane
  bf16x8 a8;
  bf16x8 b8;
  for(int i = 0; i < 8; ++i){
    a8[i] = __builtin_bit_cast(__bf16, A[threadIdx.x * LDA + threadIdx.y * 8 + i]);
    b8[i] = __builtin_bit_cast(__bf16, B[threadIdx.x + (threadIdx.y * 8 + i) * LDB]);
  }
  d = __builtin_amdgcn_mfma_f32_16x16x32_bf16(a8, b8, d, 0, 0, 0);

  // remaining 32: two 16x16x16 MFMAs, 4 consecutive k per lane (as the lab-notes f16 example)
  for(int k = 32; k < K; k += 16){
    shortx4 a;
    shortx4 b;
    for(int i = 0; i < 4; ++i){
      a[i] = A[threadIdx.x * LDA + k + threadIdx.y * 4 + i];
      b[i] = B[threadIdx.x + (k + threadIdx.y * 4 + i) * LDB];
    }
    d = __builtin_amdgcn_mfma_f32_16x16x16bf16_1k(a, b, d, 0, 0, 0);
  }

  for(int i = 0; i < 4; ++i){
    D[threadIdx.x + i * LDD + threadIdx.y * 4 * LDD] = d[i];
  }
}
