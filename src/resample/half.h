// Scalar IEEE binary16 and bfloat16 conversions with round-to-nearest-even.
// Used by the portable SIMD targets and for strided rows; the AVX2/AVX-512
// targets use F16C, which rounds the same way (checked in tests).
#ifndef ACLNN_HOST_RESAMPLE_HALF_H_
#define ACLNN_HOST_RESAMPLE_HALF_H_

#include <cmath>
#include <cstdint>
#include <cstring>

namespace aclnn_host::resample {

inline uint32_t FloatBits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

inline float BitsToFloat(uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}

inline float HalfToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1Fu;
  const uint32_t mant = h & 0x3FFu;
  if (exp == 0x1F) {  // Inf, or NaN made quiet with its payload kept (as F16C does)
    return BitsToFloat(sign | 0x7F800000u | (mant << 13) | (mant != 0 ? 0x400000u : 0u));
  }
  if (exp == 0) {
    // Subnormal half: mant * 2^-24, exact in float.
    const float mag = std::ldexp(static_cast<float>(mant), -24);
    return BitsToFloat(sign | FloatBits(mag));
  }
  return BitsToFloat(sign | ((exp + 112u) << 23) | (mant << 13));
}

inline uint16_t FloatToHalf(float f) {
  uint32_t x = FloatBits(f);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
  x &= 0x7FFFFFFFu;
  if (x >= 0x7F800000u) {  // Inf or NaN (NaN stays quiet NaN)
    const uint16_t nan = x > 0x7F800000u ? static_cast<uint16_t>(0x200u | ((x >> 13) & 0x3FFu)) : 0;
    return static_cast<uint16_t>(sign | 0x7C00u | nan);
  }
  // 65520 = halfway between 65504 (odd mantissa) and 2^16: ties to even = Inf.
  if (x >= 0x477FF000u) return static_cast<uint16_t>(sign | 0x7C00u);
  if (x < 0x38800000u) {  // below 2^-14: subnormal half (or zero)
    // Units of 2^-24; rintf rounds to nearest even in the default mode. 1024
    // encodes the smallest normal, which is the right carry.
    const float units = BitsToFloat(x) * 16777216.0f;
    return static_cast<uint16_t>(sign | static_cast<uint16_t>(std::rint(units)));
  }
  const uint32_t odd = (x >> 13) & 1u;
  x += 0xC8000000u + 0xFFFu + odd;  // rebias exponent 127 -> 15 and round
  return static_cast<uint16_t>(sign | (x >> 13));
}

inline float BFloat16ToFloat(uint16_t b) { return BitsToFloat(static_cast<uint32_t>(b) << 16); }

inline uint16_t FloatToBFloat16(float f) {
  const uint32_t x = FloatBits(f);
  if ((x & 0x7FFFFFFFu) > 0x7F800000u) {
    return static_cast<uint16_t>((x >> 16) | 0x40u);  // quiet NaN
  }
  return static_cast<uint16_t>((x + 0x7FFFu + ((x >> 16) & 1u)) >> 16);
}

}  // namespace aclnn_host::resample

#endif  // ACLNN_HOST_RESAMPLE_HALF_H_
