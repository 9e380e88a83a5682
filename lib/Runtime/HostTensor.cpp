//===- HostTensor.cpp - tensors in host memory, .npy files ----------------===//

#include "tenferro/Runtime/HostTensor.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <complex>
#include <cstring>
#include <random>

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tenferro::host;
using llvm::createStringError;

int64_t HostTensor::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::optional<uint64_t>
mlir::tenferro::host::byteSize(llvm::ArrayRef<int64_t> shape,
                               size_t elementSize) {
  uint64_t bytes = elementSize;
  for (int64_t d : shape) {
    if (d < 0)
      return std::nullopt;
    bool overflow = false;
    bytes =
        llvm::SaturatingMultiply(bytes, static_cast<uint64_t>(d), &overflow);
    if (overflow)
      return std::nullopt;
  }
  return bytes;
}

size_t mlir::tenferro::host::elementSize(DType dtype) {
  switch (dtype) {
  case DType::F32:
  case DType::I32:
    return 4;
  case DType::F64:
  case DType::I64:
  case DType::C32:
    return 8;
  case DType::Bool:
    return 1;
  case DType::C64:
    return 16;
  }
  llvm_unreachable("unknown dtype");
}

llvm::StringRef mlir::tenferro::host::dtypeName(DType dtype) {
  switch (dtype) {
  case DType::F32:
    return "f32";
  case DType::F64:
    return "f64";
  case DType::I32:
    return "i32";
  case DType::I64:
    return "i64";
  case DType::Bool:
    return "i1";
  case DType::C32:
    return "complex<f32>";
  case DType::C64:
    return "complex<f64>";
  }
  llvm_unreachable("unknown dtype");
}

std::optional<DType> mlir::tenferro::host::dtypeOf(Type t) {
  if (t.isF32())
    return DType::F32;
  if (t.isF64())
    return DType::F64;
  if (t.isInteger(32))
    return DType::I32;
  if (t.isInteger(64))
    return DType::I64;
  if (t.isInteger(1))
    return DType::Bool;
  if (auto c = dyn_cast<ComplexType>(t)) {
    if (c.getElementType().isF32())
      return DType::C32;
    if (c.getElementType().isF64())
      return DType::C64;
  }
  return std::nullopt;
}

static std::optional<DType> dtypeOfDescr(llvm::StringRef descr) {
  return llvm::StringSwitch<std::optional<DType>>(descr)
      .Case("<f4", DType::F32)
      .Case("<f8", DType::F64)
      .Case("<i4", DType::I32)
      .Case("<i8", DType::I64)
      .Case("|b1", DType::Bool)
      .Case("<c8", DType::C32)
      .Case("<c16", DType::C64)
      .Default(std::nullopt);
}

static llvm::StringRef descrOf(DType dtype) {
  switch (dtype) {
  case DType::F32:
    return "<f4";
  case DType::F64:
    return "<f8";
  case DType::I32:
    return "<i4";
  case DType::I64:
    return "<i8";
  case DType::Bool:
    return "|b1";
  case DType::C32:
    return "<c8";
  case DType::C64:
    return "<c16";
  }
  llvm_unreachable("unknown dtype");
}

/// The value of `key` in a .npy header dict, as raw text.
static std::optional<llvm::StringRef> headerValue(llvm::StringRef header,
                                                  llvm::StringRef key) {
  size_t at = header.find(("'" + key + "'").str());
  if (at == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef rest = header.drop_front(at + key.size() + 2).ltrim();
  if (!rest.consume_front(":"))
    return std::nullopt;
  rest = rest.ltrim();
  if (rest.starts_with("(")) {
    size_t close = rest.find(')');
    return close == llvm::StringRef::npos
               ? std::nullopt
               : std::optional(rest.take_front(close + 1));
  }
  size_t end = rest.find_first_of(",}");
  return rest.take_front(end).trim();
}

llvm::Expected<HostTensor> mlir::tenferro::host::readNpy(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buffer)
    return createStringError(buffer.getError(), "cannot read '%s': %s",
                             path.str().c_str(),
                             buffer.getError().message().c_str());
  llvm::StringRef bytes = (*buffer)->getBuffer();
  auto bad = [&](llvm::StringRef why) {
    return createStringError(std::errc::invalid_argument,
                             "'%s' is not a valid .npy file: %s",
                             path.str().c_str(), why.str().c_str());
  };
  if (bytes.size() < 10 || !bytes.starts_with("\x93NUMPY"))
    return bad("missing the \\x93NUMPY magic");
  unsigned major = static_cast<unsigned char>(bytes[6]);
  size_t headerLen, headerStart;
  if (major == 1) {
    headerLen = static_cast<unsigned char>(bytes[8]) |
                (static_cast<unsigned char>(bytes[9]) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      return bad("truncated header");
    headerLen = 0;
    for (int i = 0; i < 4; ++i)
      headerLen |= static_cast<size_t>(static_cast<unsigned char>(bytes[8 + i]))
                   << (8 * i);
    headerStart = 12;
  } else {
    return bad("unsupported format version " + std::to_string(major));
  }
  if (headerStart + headerLen > bytes.size())
    return bad("truncated header");
  llvm::StringRef header = bytes.substr(headerStart, headerLen);
  auto descr = headerValue(header, "descr");
  auto fortran = headerValue(header, "fortran_order");
  auto shapeText = headerValue(header, "shape");
  if (!descr || !fortran || !shapeText)
    return bad("header lacks descr, fortran_order or shape");
  std::optional<DType> dtype = dtypeOfDescr(descr->trim("'\""));
  if (!dtype)
    return bad("unsupported dtype " + descr->str() +
               " (tenferro takes <f4, <f8, <i4, <i8, |b1, <c8, <c16)");
  HostTensor t;
  t.dtype = *dtype;
  llvm::SmallVector<llvm::StringRef> dims;
  shapeText->trim("()").split(dims, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef d : dims) {
    int64_t v;
    if (d.trim().getAsInteger(10, v) || v < 0)
      return bad("bad shape " + shapeText->str());
    t.shape.push_back(v);
  }
  size_t esize = elementSize(t.dtype);
  // A header may claim any shape: check before multiplying out.
  if (!byteSize(t.shape, esize))
    return bad("shape " + shapeText->str() + " overflows 64 bits");
  size_t count = static_cast<size_t>(t.numElements());
  llvm::StringRef payload = bytes.drop_front(headerStart + headerLen);
  if (payload.size() != count * esize)
    return bad(llvm::formatv("expected {0} bytes of data, found {1}",
                             count * esize, payload.size())
                   .str());
  t.data.assign(payload.begin(), payload.end());
  if (*fortran == "False" && t.shape.size() > 1) {
    // C order to column-major: element (i0..in-1) moves from its row-major
    // offset to its column-major offset.
    HostTensor::Bytes cm(t.data.size());
    size_t rank = t.shape.size();
    std::vector<int64_t> idx(rank, 0);
    for (size_t e = 0; e < count; ++e) {
      int64_t off = 0, stride = 1;
      for (size_t a = 0; a < rank; ++a) {
        off += idx[a] * stride;
        stride *= t.shape[a];
      }
      std::memcpy(&cm[off * esize], &t.data[e * esize], esize);
      for (size_t a = rank; a-- > 0;) {
        if (++idx[a] < t.shape[a])
          break;
        idx[a] = 0;
      }
    }
    t.data = std::move(cm);
  }
  return t;
}

llvm::Error mlir::tenferro::host::writeNpy(llvm::StringRef path,
                                           const HostTensor &t) {
  std::string shape = "(";
  for (auto [i, d] : llvm::enumerate(t.shape))
    shape += (i ? ", " : "") + std::to_string(d);
  if (t.shape.size() == 1)
    shape += ",";
  shape += ")";
  std::string dict = "{'descr': '" + descrOf(t.dtype).str() +
                     "', 'fortran_order': True, 'shape': " + shape + ", }";
  // Pad so that the data starts at a multiple of 64 bytes.
  size_t total = 10 + dict.size() + 1;
  dict.append((64 - total % 64) % 64, ' ');
  dict += '\n';
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return createStringError(ec, "cannot write '%s': %s", path.str().c_str(),
                             ec.message().c_str());
  os << "\x93NUMPY" << char(1) << char(0) << char(dict.size() & 0xff)
     << char(dict.size() >> 8) << dict;
  os.write(t.data.data(), t.data.size());
  return llvm::Error::success();
}

HostTensor mlir::tenferro::host::randomTensor(DType dtype,
                                              llvm::ArrayRef<int64_t> shape,
                                              uint64_t seed) {
  HostTensor t{dtype, llvm::SmallVector<int64_t>(shape), {}};
  size_t n = static_cast<size_t>(t.numElements());
  t.data.resize(n * elementSize(dtype));
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> real(-1.0, 1.0);
  std::uniform_int_distribution<int64_t> integer(-10, 10);
  for (size_t i = 0; i < n; ++i) {
    char *p = &t.data[i * elementSize(dtype)];
    switch (dtype) {
    case DType::F32: {
      float v = static_cast<float>(real(rng));
      std::memcpy(p, &v, 4);
      break;
    }
    case DType::F64: {
      double v = real(rng);
      std::memcpy(p, &v, 8);
      break;
    }
    case DType::I32: {
      int32_t v = static_cast<int32_t>(integer(rng));
      std::memcpy(p, &v, 4);
      break;
    }
    case DType::I64: {
      int64_t v = integer(rng);
      std::memcpy(p, &v, 8);
      break;
    }
    case DType::Bool:
      *p = static_cast<char>(rng() & 1);
      break;
    case DType::C32: {
      float v[2] = {static_cast<float>(real(rng)),
                    static_cast<float>(real(rng))};
      std::memcpy(p, v, 8);
      break;
    }
    case DType::C64: {
      double v[2] = {real(rng), real(rng)};
      std::memcpy(p, v, 16);
      break;
    }
    }
  }
  return t;
}

std::string mlir::tenferro::host::formatElements(const HostTensor &t,
                                                 int64_t limit) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  int64_t n = std::min(limit, t.numElements());
  for (int64_t i = 0; i < n; ++i) {
    if (i)
      os << ", ";
    const char *p = &t.data[i * elementSize(t.dtype)];
    switch (t.dtype) {
    case DType::F32: {
      float v;
      std::memcpy(&v, p, 4);
      os << llvm::format("%.6g", v);
      break;
    }
    case DType::F64: {
      double v;
      std::memcpy(&v, p, 8);
      os << llvm::format("%.6g", v);
      break;
    }
    case DType::I32: {
      int32_t v;
      std::memcpy(&v, p, 4);
      os << v;
      break;
    }
    case DType::I64: {
      int64_t v;
      std::memcpy(&v, p, 8);
      os << v;
      break;
    }
    case DType::Bool:
      os << (*p ? "true" : "false");
      break;
    case DType::C32: {
      float v[2];
      std::memcpy(v, p, 8);
      os << llvm::format("(%.6g, %.6g)", v[0], v[1]);
      break;
    }
    case DType::C64: {
      double v[2];
      std::memcpy(v, p, 16);
      os << llvm::format("(%.6g, %.6g)", v[0], v[1]);
      break;
    }
    }
  }
  if (n < t.numElements())
    os << ", ...";
  os << "]";
  return s;
}
