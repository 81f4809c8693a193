//! The device wavescope presents: one MI355X-class CDNA4 (gfx950) GPU. Figures: 256 CUs, 160 KiB LDS per
//! work-group, wave64, 2.4 GHz peak engine clock, 288 GB HBM3E, 4 MiB L2 per XCD.

pub const NAME: &str = "AMD Instinct MI355X (wavescope gfx950)";
pub const GCN_ARCH_NAME: &str = "gfx950:sramecc+:xnack-";
pub const CUS: i32 = 256;
pub const LDS_PER_BLOCK: i32 = 160 * 1024;
pub const WAVE_SIZE: i32 = 64;
/// kHz, as hipDeviceProp_t::clockRate gives it. `hipEventElapsedTime` converts modelled cycles with it.
pub const CLOCK_KHZ: i32 = 2_400_000;
pub const MEMORY_CLOCK_KHZ: i32 = 2_000_000;
pub const MEMORY_BUS_WIDTH: i32 = 8192;
pub const TOTAL_MEM: u64 = 288 * 1000 * 1000 * 1000;
pub const L2_BYTES: i32 = 4 * 1024 * 1024;
pub const MAX_THREADS_PER_CU: i32 = 2048;
pub const MAX_THREADS_PER_BLOCK: i32 = 1024;
pub const REGS_PER_BLOCK: i32 = 65536;
pub const TOTAL_CONST_MEM: u64 = 2 * 1024 * 1024 * 1024 - 1;
/// HIP 5.2.3 (HIP_VERSION of Debian bookworm's headers).
pub const HIP_VERSION: i32 = 50221153;

/// hipDeviceProp_t of HIP 5.2 (792 bytes; offsets from the 5.2 headers' offsetof).
pub fn props_r0000() -> [u8; 792] {
    let mut p = [0u8; 792];
    let i32_at =
        |p: &mut [u8], off: usize, v: i32| p[off..off + 4].copy_from_slice(&v.to_le_bytes());
    let u64_at =
        |p: &mut [u8], off: usize, v: u64| p[off..off + 8].copy_from_slice(&v.to_le_bytes());
    p[..NAME.len()].copy_from_slice(NAME.as_bytes());
    u64_at(&mut p, 256, TOTAL_MEM);
    u64_at(&mut p, 264, LDS_PER_BLOCK as u64); // sharedMemPerBlock
    i32_at(&mut p, 272, REGS_PER_BLOCK);
    i32_at(&mut p, 276, WAVE_SIZE);
    i32_at(&mut p, 280, MAX_THREADS_PER_BLOCK);
    for (k, v) in [1024, 1024, 1024].into_iter().enumerate() {
        i32_at(&mut p, 284 + 4 * k, v); // maxThreadsDim
    }
    for (k, v) in [i32::MAX, 65535, 65535].into_iter().enumerate() {
        i32_at(&mut p, 296 + 4 * k, v); // maxGridSize
    }
    i32_at(&mut p, 308, CLOCK_KHZ);
    i32_at(&mut p, 312, MEMORY_CLOCK_KHZ);
    i32_at(&mut p, 316, MEMORY_BUS_WIDTH);
    u64_at(&mut p, 320, TOTAL_CONST_MEM);
    i32_at(&mut p, 328, 9); // major
    i32_at(&mut p, 332, 5); // minor
    i32_at(&mut p, 336, CUS);
    i32_at(&mut p, 340, L2_BYTES);
    i32_at(&mut p, 344, MAX_THREADS_PER_CU);
    i32_at(&mut p, 348, 0); // computeMode default
    i32_at(&mut p, 352, CLOCK_KHZ); // clockInstructionRate
    i32_at(&mut p, 356, (1 << 21) - 1); // arch: every hipDeviceArch_t feature bit
    i32_at(&mut p, 360, 1); // concurrentKernels
    i32_at(&mut p, 368, 0x11); // pciBusID
    u64_at(&mut p, 376, LDS_PER_BLOCK as u64); // maxSharedMemoryPerMultiProcessor
    i32_at(&mut p, 388, 1); // canMapHostMemory
    i32_at(&mut p, 392, 950); // gcnArch
    p[396..396 + GCN_ARCH_NAME.len()].copy_from_slice(GCN_ARCH_NAME.as_bytes());
    i32_at(&mut p, 664, 1 << 27); // maxTexture1DLinear
    i32_at(&mut p, 668, 16384);
    i32_at(&mut p, 656, 1); // cooperativeLaunch (cooperativeMultiDeviceLaunch at 660 stays 0: one device)
    i32_at(&mut p, 672, 16384);
    i32_at(&mut p, 676, 16384);
    u64_at(&mut p, 712, 1 << 31); // memPitch
    u64_at(&mut p, 720, 256); // textureAlignment
    u64_at(&mut p, 728, 256);
    i32_at(&mut p, 740, 1); // ECCEnabled
    i32_at(&mut p, 764, 1); // isLargeBar
    i32_at(&mut p, 772, 1); // managedMemory
    i32_at(&mut p, 776, 1); // directManagedMemAccessFromHost
    i32_at(&mut p, 780, 1); // concurrentManagedAccess
    p
}

/// hipDeviceGetAttribute (HIP 5.2 enum values).
pub fn attribute(attr: i32) -> Option<i32> {
    Some(match attr {
        0 => 1,                         // EccEnabled
        3 => 1,                         // CanMapHostMemory
        5 => CLOCK_KHZ,                 // ClockRate
        6 => 0,                         // ComputeMode
        8 => 1,                         // ConcurrentKernels
        9 => 1,                         // ConcurrentManagedAccess
        10 => 1,                        // CooperativeLaunch (hipLaunchCooperativeKernel)
        11 => 0,                        // CooperativeMultiDeviceLaunch (one device)
        13 => 1,                        // DirectManagedMemAccessFromHost
        15 => 1,                        // HostNativeAtomicSupported
        16 => 0,                        // Integrated
        17 => 0,                        // IsMultiGpuBoard
        19 => L2_BYTES,                 // L2CacheSize
        23 => 9,                        // ComputeCapabilityMajor
        24 => 1,                        // ManagedMemory
        25 => 32,                       // MaxBlocksPerMultiProcessor
        26..=28 => 1024,                // MaxBlockDimX/Y/Z
        29 => i32::MAX,                 // MaxGridDimX
        30 | 31 => 65535,               // MaxGridDimY/Z
        56 => MAX_THREADS_PER_BLOCK,    // MaxThreadsPerBlock
        57 => MAX_THREADS_PER_CU,       // MaxThreadsPerMultiProcessor
        59 => MEMORY_BUS_WIDTH,         // MemoryBusWidth
        60 => MEMORY_CLOCK_KHZ,         // MemoryClockRate
        61 => 5,                        // ComputeCapabilityMinor
        63 => CUS,                      // MultiprocessorCount
        65 => 0,                        // PageableMemoryAccess
        67 => 0x11,                     // PciBusId
        68 | 69 => 0,                   // PciDeviceId, PciDomainID
        71 | 72 => REGS_PER_BLOCK,      // MaxRegistersPerBlock / PerMultiprocessor
        74..=76 => LDS_PER_BLOCK, // MaxSharedMemoryPerBlock, SharedMemPerBlockOptin, PerMultiprocessor
        83 => TOTAL_CONST_MEM as i32, // TotalConstantMemory
        84 => (TOTAL_MEM >> 20) as i32, // TotalGlobalMem does not fit an int: MiB (HIP clamps too)
        85 => 1,                  // UnifiedAddressing
        87 => WAVE_SIZE,          // WarpSize
        10000 => CLOCK_KHZ,       // ClockInstructionRate
        10002 => LDS_PER_BLOCK,   // MaxSharedMemoryPerMultiprocessor
        10003 => 950,             // GcnArch
        10014 => 0, // ImageSupport: gfx950 has no image instructions (llvm-mc-22 rejects image_load for it)
        10015 => CUS, // PhysicalMultiProcessorCount
        10016 => 1, // FineGrainSupport: host and device memory are one coherent space here
        _ => return None,
    })
}

/// hipDeviceProp_tR0600, HIP 6's layout (1472 bytes; offsets of ROCm 6's hip_runtime_api.h, the same as
/// hip/tests/fixtures/hip6/hip6_props.h gives): what `hipGetDevicePropertiesR0600` fills.
pub const PROPS_R0600_BYTES: usize = 1472;
pub fn props_r0600() -> [u8; PROPS_R0600_BYTES] {
    let mut p = [0u8; PROPS_R0600_BYTES];
    let i32_at =
        |p: &mut [u8], off: usize, v: i32| p[off..off + 4].copy_from_slice(&v.to_le_bytes());
    let u64_at =
        |p: &mut [u8], off: usize, v: u64| p[off..off + 8].copy_from_slice(&v.to_le_bytes());
    p[..NAME.len()].copy_from_slice(NAME.as_bytes());
    // uuid (256..272): "wavescope-gfx950" names this emulated device
    p[256..272].copy_from_slice(b"wavescope-gfx950");
    u64_at(&mut p, 288, TOTAL_MEM);
    u64_at(&mut p, 296, LDS_PER_BLOCK as u64); // sharedMemPerBlock
    i32_at(&mut p, 304, REGS_PER_BLOCK);
    i32_at(&mut p, 308, WAVE_SIZE);
    u64_at(&mut p, 312, 1 << 31); // memPitch
    i32_at(&mut p, 320, MAX_THREADS_PER_BLOCK);
    for k in 0..3 {
        i32_at(&mut p, 324 + 4 * k, 1024); // maxThreadsDim
        i32_at(&mut p, 336 + 4 * k, [i32::MAX, 65535, 65535][k]); // maxGridSize
    }
    i32_at(&mut p, 348, CLOCK_KHZ);
    u64_at(&mut p, 352, TOTAL_CONST_MEM);
    i32_at(&mut p, 360, 9); // major
    i32_at(&mut p, 364, 5); // minor
    u64_at(&mut p, 368, 256); // textureAlignment
    u64_at(&mut p, 376, 256); // texturePitchAlignment
    i32_at(&mut p, 384, 1); // deviceOverlap
    i32_at(&mut p, 388, CUS); // multiProcessorCount
    i32_at(&mut p, 400, 1); // canMapHostMemory
    i32_at(&mut p, 416, 1 << 27); // maxTexture1DLinear
    u64_at(&mut p, 568, 256); // surfaceAlignment
    i32_at(&mut p, 576, 1); // concurrentKernels
    i32_at(&mut p, 580, 1); // ECCEnabled
    i32_at(&mut p, 584, 0x11); // pciBusID
    i32_at(&mut p, 604, 1); // unifiedAddressing
    i32_at(&mut p, 608, MEMORY_CLOCK_KHZ);
    i32_at(&mut p, 612, MEMORY_BUS_WIDTH);
    i32_at(&mut p, 616, L2_BYTES);
    i32_at(&mut p, 624, MAX_THREADS_PER_CU);
    u64_at(&mut p, 640, LDS_PER_BLOCK as u64); // sharedMemPerMultiprocessor
    i32_at(&mut p, 648, REGS_PER_BLOCK); // regsPerMultiprocessor
    i32_at(&mut p, 652, 1); // managedMemory
    i32_at(&mut p, 664, 1); // hostNativeAtomicSupported
    i32_at(&mut p, 676, 1); // concurrentManagedAccess
    i32_at(&mut p, 688, 1); // cooperativeLaunch (cooperativeMultiDeviceLaunch at 692 stays 0)
    u64_at(&mut p, 696, LDS_PER_BLOCK as u64); // sharedMemPerBlockOptin
    i32_at(&mut p, 708, 1); // directManagedMemAccessFromHost
    i32_at(&mut p, 712, 32); // maxBlocksPerMultiProcessor
    i32_at(&mut p, 728, 1); // hostRegisterSupported
    p[1160..1160 + GCN_ARCH_NAME.len()].copy_from_slice(GCN_ARCH_NAME.as_bytes());
    u64_at(&mut p, 1416, LDS_PER_BLOCK as u64); // maxSharedMemoryPerMultiProcessor
    i32_at(&mut p, 1424, CLOCK_KHZ); // clockInstructionRate
    i32_at(&mut p, 1428, (1 << 17) - 1); // arch: the 17 hipDeviceArch_t feature bits
    i32_at(&mut p, 1464, 1); // isLargeBar
    p
}
