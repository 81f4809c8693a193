/*
 * The MIT License (MIT)
 *
 * Copyright (c) 2015-2024 Advanced Micro Devices, Inc. All rights reserved.
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in
 * all copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.  IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
 * THE SOFTWARE.
 */
/* wavescope example: the DPP wave reduction and the LDS block reduction of AMDMIGraphX
 * (src/targets/gpu/kernels/include/migraphx/kernels/dpp.hpp and reduce.hpp: dpp_row_shr,
 * dpp_row_bcast, dpp_mov, the generic dpp_reduce template and block_reduce), reduced to what one
 * kernel needs: MIGraphX's index/tensor_view/op machinery is replaced by a flat index, op::sum
 * by a lambda, __hip_move_dpp by the clang builtin it wraps, the union by __builtin_bit_cast, and
 * a __global__ entry point (block_reduce_sum) is added around block_reduce. */

constexpr unsigned int dpp_row_shr(unsigned int x) { return 0x110u | x; }

constexpr unsigned int dpp_row_bcast(unsigned int x)
{
    unsigned int y = 0;
    switch(x)
    {
    case 15: y = 0x142; break;
    case 31: y = 0x143; break;
    default: __builtin_unreachable();
    }
    return y;
}

template <unsigned int DppCtrl,
          unsigned int RowMask  = 0xf,
          unsigned int BankMask = 0xf,
          bool BoundCtrl        = false>
__device__ float dpp_mov(float& x)
{
    int i = __builtin_bit_cast(int, x);
    return __builtin_bit_cast(float, __builtin_amdgcn_mov_dpp(i, DppCtrl, RowMask, BankMask, BoundCtrl));
}

template <unsigned int SubWaveSize, class T, class Op>
__device__ void dpp_reduce(T& in, Op op)
{
    if constexpr(SubWaveSize > 1)
    {
        auto out = dpp_mov<dpp_row_shr(1)>(in);
        in       = op(in, out);
    }
    if constexpr(SubWaveSize > 2)
    {
        auto out = dpp_mov<dpp_row_shr(2)>(in);
        in       = op(in, out);
    }
    if constexpr(SubWaveSize > 4)
    {
        auto out = dpp_mov<dpp_row_shr(4), 0xf, 0xe>(in);
        in       = op(in, out);
    }
    if constexpr(SubWaveSize > 8)
    {
        auto out = dpp_mov<dpp_row_shr(8), 0xf, 0xc>(in);
        in       = op(in, out);
    }
    if constexpr(SubWaveSize > 16)
    {
        auto out = dpp_mov<dpp_row_bcast(15), 0xa>(in);
        in       = op(in, out);
    }
    if constexpr(SubWaveSize > 32)
    {
        auto out = dpp_mov<dpp_row_bcast(31), 0xc>(in);
        in       = op(in, out);
    }
}

constexpr unsigned int lanes_per_thread = 64;   // __AMDGCN_WAVEFRONT_SIZE on gfx950
constexpr unsigned int max_nlocal       = 256;

// block_reduce of reduce.hpp (DPP path) for op::sum over n values starting at in
__device__ float block_reduce(const float* in, unsigned int n)
{
    auto op = [](float a, float b) { return a + b; };
    const unsigned int local  = threadIdx.x;
    const unsigned int nlocal = blockDim.x;
    __shared__ float buffer[max_nlocal / lanes_per_thread];
    float x = 0;
    for(unsigned int i = local; i < n; i += nlocal)   // idx.local_stride
        x = op(x, in[i]);
    dpp_reduce<lanes_per_thread>(x, op);

    const auto ldsidx = local / lanes_per_thread;
    if((local % lanes_per_thread) == lanes_per_thread - 1)
    {
        buffer[ldsidx] = x;
    }
    __syncthreads();

    float y = 0;
    for(unsigned int i = 0; i < nlocal / lanes_per_thread; i++)
    {
        y = op(y, buffer[i]);
    }
    return y;
}

// added entry point: one segment of n values per work-group, thread 0 writes its sum
__global__ void block_reduce_sum(const float* in, float* out, unsigned int n)
{
    float y = block_reduce(in + blockIdx.x * n, n);
    if(threadIdx.x == 0)
        out[blockIdx.x] = y;
}
