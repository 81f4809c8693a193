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
 * (one wave in dim3(16, 4), same A/B/D indexing), rewritten for gfx950 FP8 (OCP E4M3) with a C
 * input: D = A*B + C with A 16x32 and B 32x16 as FP8 bytes (row-major), C and D 16x16 f32.
 * v_mfma_f32_16x16x32_fp8_fp8 takes 8 FP8 values per lane in a VGPR pair: lane threadIdx.x +
 * 16 * threadIdx.y holds k = 8 * threadIdx.y .. + 7, byte i = item i (CDNA4 guide 7.1.4). */

constexpr int M = 16;
constexpr int N = 16;
constexpr int K = 32;

constexpr int LDA = K;
constexpr int LDB = N;
constexpr int LDD = N;

__global__ void fp8gemm_16x16x32(const unsigned char* A, const unsigned char* B, const float* C, float* D)
{
  using floatx4 = __attribute__((__vector_size__(4 * sizeof(float)))) float;

  floatx4 d;
  for(int i = 0; i < 4; ++i){
    d[i] = C[threadIdx.x + i * LDD + threadIdx.y * 4 * LDD];
  }

  long a = 0;
  long b = 0;
  for(int i = 0; i < 8; ++i){
    a |= (long)A[threadIdx.x * LDA + threadIdx.y * 8 + i] << (8 * i);
    b |= (long)B[threadIdx.x + (threadIdx.y * 8 + i) * LDB] << (8 * i);
  }
  d = __builtin_amdgcn_mfma_f32_16x16x32_fp8_fp8(a, b, d, 0, 0, 0);

  for(int i = 0; i < 4; ++i){
    D[threadIdx.x + i * LDD + threadIdx.y * 4 * LDD] = d[i];
  }
}
