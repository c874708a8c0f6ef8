"""Shared helpers for the aclnn_host Python tests.

The package under test is whatever `import aclnn_host` finds: PYTHONPATH=python
with ACLNN_HOST_LIBRARY pointing at a built libaclnn_host.so, or an installed
package (which ships the library beside _lib.py). Nothing here edits sys.path.

References are PyTorch's own CPU kernels (torch 1.13), computed in float64
from the exact values handed to aclnn-host, with the override switched off.

The contract bar (float32, float16, bfloat16 results against the float64
reference of the same op):
    |err| <= 2e-6 |ref| + 1e-5 max|ref| + 0.5 ulp_dtype(ref)
where the half-ulp term is 0 for float32, and ulp_dtype is the spacing of the
16-bit format at |ref| (float16: 2^(floor(log2|ref|) - 10), exponent clamped
at -14; bfloat16: 2^(floor(log2|ref|) - 7), exponent clamped at -126).
float64 results: |err| <= 1e-12 (|ref| + max|ref|). uint8 results: exact.
"""
import pytest
import torch

import aclnn_host
import aclnn_host.torch as aht


def pytest_report_header(config):
    return ("aclnn_host: %s (library %s, simd %s, %d threads); torch %s"
            % (aclnn_host.__file__, aclnn_host._lib.LIB._name, aclnn_host.simd_target(),
               aclnn_host.get_num_threads(), torch.__version__))


@pytest.fixture(autouse=True)
def _override_off_around_each_test():
    """Every test starts and ends with PyTorch's own kernels and the thread
    count it found."""
    aht.disable()
    threads = aclnn_host.get_num_threads()
    yield
    aht.disable()
    aclnn_host.set_num_threads(threads)
