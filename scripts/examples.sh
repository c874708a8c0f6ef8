# Sourced by run_example.sh and test.sh: the example programs (examples/), in
# the order of tests/data/example_expected.txt, and a runner.
examples=(
  upsample_bicubic2d_aa_grad_example
  upsample_bicubic2d_aa_example
  upsample_nearest_2d_example
  upsample_nearest_2d_v2_example
  upsample_nearest_2d_backward_example
  upsample_nearest_exact2d_example
  upsample_nearest_exact2d_backward_example
  upsample_bilinear_2d_example
  upsample_bilinear_2d_backward_example
  upsample_bilinear_2d_backward_v2_example
  upsample_bilinear2d_aa_example
  upsample_bilinear2d_aa_backward_example
  upsample_bicubic_2d_example
  upsample_bicubic_2d_backward_example
  resize_example
  upsample_nearest_1d_example
  upsample_nearest_1d_v2_example
  upsample_nearest_1d_backward_example
  upsample_nearest_exact1d_example
  upsample_nearest_exact1d_backward_example
  upsample_linear_1d_example
  upsample_linear_1d_backward_example
  upsample_nearest_3d_example
  upsample_nearest_3d_backward_example
  upsample_nearest_exact3d_example
  upsample_nearest_exact3d_backward_example
  upsample_trilinear_3d_example
  upsample_trilinear_3d_backward_example
)

run_examples() {  # run_examples DIR: runs every example program built in DIR, in order
  local example
  for example in "${examples[@]}"; do
    "$1/$example" || return 1
  done
}
