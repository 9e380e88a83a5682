// convert between every pair of the seven dtypes (saturating float to
// integer with NaN to 0, wrapping integer narrowing, != 0 to i1, 0/1 from
// i1, real part of complex) at contiguous extents around and above each
// vector width, on values around the integer ranges and rounding
// boundaries, in every mode, against the NumPy oracle. Full run:
//   python3 test/Differential/differential.py --runner build/bin/tenferro-runner --workdir /tmp/sweep -j 2 sweep --family convert --extents full
// RUN: rm -rf %t
// RUN: %python %S/differential.py --runner tenferro-runner --workdir %t sweep --family convert
