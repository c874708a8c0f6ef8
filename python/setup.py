"""Builds libaclnn_host with CMake from the repository this directory sits in
and ships it inside the package (no compiler flags of Python or torch are
involved: the package talks to the library through its C API).

Install (Debian 12, offline):
    python3 -m venv --system-site-packages VENV
    VENV/bin/pip install --no-build-isolation ./python
"""
import os
import shutil
import subprocess
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent  # the aclnn-host repository


class BuildLibrary(build_py):
    def run(self):
        super().run()
        build = ROOT / "build" / "python"
        subprocess.check_call(["cmake", "-S", str(ROOT), "-B", str(build),
                               "-DCMAKE_BUILD_TYPE=Release", "-DACLNN_HOST_BUILD_TESTS=OFF"])
        subprocess.check_call(["cmake", "--build", str(build), "--target", "aclnn_host",
                               "-j", str(os.cpu_count() or 1)])
        target = Path(self.build_lib) / "aclnn_host"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(build / "libaclnn_host.so", target / "libaclnn_host.so", follow_symlinks=True)


class BinaryDistribution(Distribution):
    def has_ext_modules(self):  # a platform wheel: it carries a shared library
        return True


setup(cmdclass={"build_py": BuildLibrary}, distclass=BinaryDistribution)
