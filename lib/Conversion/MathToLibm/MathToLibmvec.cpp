//===- MathToLibmvec.cpp - vector transcendentals through libmvec ---------===//
//
// LLVM lowers a math op on a vector (llvm.exp.v8f32, or the libm calls of
// convert-math-to-libm) to one scalar call per lane. glibc's libmvec has
// the same functions on whole vectors, under the x86-64 vector function
// ABI's names: _ZGV<isa>N<lanes><args>_<name>, isa b (SSE), c (AVX),
// d (AVX2), e (AVX-512). Why libmvec and not SLEEF or MLIR's polynomial
// approximations: docs/performance.md, "Vector transcendentals".
//
//===----------------------------------------------------------------------===//

#include "tenferro/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROMATHTOLIBMVECPASS
#include "tenferro/Conversion/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

enum class Isa { SSE, AVX, AVX2, AVX512 };

/// The libm name of a math op that libmvec has, or "" for the others.
StringRef libmName(Operation *op) {
  return llvm::TypeSwitch<Operation *, StringRef>(op)
      .Case<math::ExpOp>([](auto) { return "exp"; })
      .Case<math::LogOp>([](auto) { return "log"; })
      .Case<math::SinOp>([](auto) { return "sin"; })
      .Case<math::CosOp>([](auto) { return "cos"; })
      .Case<math::TanhOp>([](auto) { return "tanh"; })
      .Case<math::ExpM1Op>([](auto) { return "expm1"; })
      .Case<math::Log1pOp>([](auto) { return "log1p"; })
      .Case<math::PowFOp>([](auto) { return "pow"; })
      .Default([](Operation *) { return ""; });
}

class Rewriter {
public:
  Rewriter(ModuleOp module, Isa isa)
      : module(module), symbols(module), b(module.getContext()), isa(isa) {}

  /// Rewrites `op` (a math op on vector<N x f32/f64>) into libmvec calls.
  LogicalResult rewrite(Operation *op, StringRef name) {
    auto type = cast<VectorType>(op->getResult(0).getType());
    unsigned bits = type.getElementTypeBitWidth();
    int64_t lanes = type.getDimSize(0);
    b.setInsertionPoint(op);
    Location loc = op->getLoc();
    // One call when a variant has exactly this width: the common case.
    SmallVector<int64_t, 3> widths = variantLanes(bits);
    if (llvm::is_contained(widths, lanes)) {
      FailureOr<Value> r = call(loc, name, type, op->getOperands());
      if (failed(r))
        return failure();
      op->getResult(0).replaceAllUsesWith(*r);
      op->erase();
      return success();
    }
    Value result = arith::ConstantOp::create(
        b, loc, type,
        DenseElementsAttr::get(type, b.getFloatAttr(type.getElementType(), 0)));
    for (int64_t offset = 0; offset < lanes;) {
      int64_t rest = lanes - offset;
      // The widest variant that fits, or the narrowest one, padded.
      int64_t width = widths.front();
      for (int64_t w : widths)
        if (w <= rest)
          width = w;
      int64_t used = std::min(width, rest);
      auto chunkType = VectorType::get({width}, type.getElementType());
      SmallVector<Value, 2> args;
      for (Value operand : op->getOperands())
        args.push_back(slice(loc, operand, offset, used, chunkType));
      FailureOr<Value> r = call(loc, name, chunkType, args);
      if (failed(r))
        return failure();
      Value part = *r;
      if (used < width)
        part = vector::ExtractStridedSliceOp::create(b, loc, part, {0}, {used},
                                                     {1});
      result = vector::InsertStridedSliceOp::create(b, loc, part, result,
                                                    {offset}, {1});
      offset += used;
    }
    op->getResult(0).replaceAllUsesWith(result);
    op->erase();
    return success();
  }

private:
  /// Lanes of the variants the ISA has, narrowest first (128, 256, 512
  /// bits).
  SmallVector<int64_t, 3> variantLanes(unsigned bits) const {
    SmallVector<int64_t, 3> lanes = {128 / bits};
    if (isa != Isa::SSE)
      lanes.push_back(256 / bits);
    if (isa == Isa::AVX512)
      lanes.push_back(512 / bits);
    return lanes;
  }

  /// Lanes [offset, offset + used) of `v` as a vector of `chunkType`,
  /// padded with ones: a value every function takes on its fast path.
  Value slice(Location loc, Value v, int64_t offset, int64_t used,
              VectorType chunkType) {
    int64_t width = chunkType.getDimSize(0);
    if (offset == 0 && used == width &&
        cast<VectorType>(v.getType()).getDimSize(0) == width)
      return v;
    Value part =
        vector::ExtractStridedSliceOp::create(b, loc, v, {offset}, {used}, {1});
    if (used == width)
      return part;
    Value ones = arith::ConstantOp::create(
        b, loc, chunkType,
        DenseElementsAttr::get(chunkType,
                               b.getFloatAttr(chunkType.getElementType(), 1)));
    return vector::InsertStridedSliceOp::create(b, loc, part, ones, {0}, {1});
  }

  FailureOr<Value> call(Location loc, StringRef name, VectorType type,
                        ValueRange args) {
    unsigned bits = type.getElementTypeBitWidth();
    int64_t lanes = type.getDimSize(0);
    char letter = 'b';
    switch (lanes * bits) {
    case 256:
      letter = isa == Isa::AVX ? 'c' : 'd';
      break;
    case 512:
      letter = 'e';
      break;
    }
    std::string symbol =
        ("_ZGV" + Twine(letter) + "N" + Twine(lanes) +
         std::string(args.size(), 'v') + "_" + name + (bits == 32 ? "f" : ""))
            .str();
    SmallVector<Type, 2> argTypes(args.size(), type);
    auto fnType = FunctionType::get(b.getContext(), argTypes, type);
    func::FuncOp fn = symbols.lookup<func::FuncOp>(symbol);
    if (fn && fn.getFunctionType() != fnType) {
      fn.emitError() << "'" << symbol
                     << "' is a libmvec function the vector math lowering "
                        "calls, with type "
                     << fnType;
      return failure();
    }
    if (!fn && symbols.lookup(symbol)) {
      symbols.lookup(symbol)->emitError()
          << "symbol '" << symbol
          << "' is a libmvec function the vector math lowering calls";
      return failure();
    }
    if (!fn) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(module.getBody());
      fn = func::FuncOp::create(b, loc, symbol, fnType);
      fn.setPrivate();
      symbols.insert(fn);
    }
    return func::CallOp::create(b, loc, fn, args).getResult(0);
  }

  ModuleOp module;
  SymbolTable symbols;
  OpBuilder b;
  Isa isa;
};

struct MathToLibmvecPass
    : public tenferro::impl::TenferroMathToLibmvecPassBase<MathToLibmvecPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    std::optional<Isa> parsed = llvm::StringSwitch<std::optional<Isa>>(isa)
                                    .Case("sse", Isa::SSE)
                                    .Case("avx", Isa::AVX)
                                    .Case("avx2", Isa::AVX2)
                                    .Case("avx512", Isa::AVX512)
                                    .Default(std::nullopt);
    if (!parsed)
      return emitError(UnknownLoc::get(ctx))
             << "tenferro-math-to-libmvec: unknown isa '" << isa
             << "' (sse, avx, avx2 or avx512)";
    target = *parsed;
    return success();
  }

  void runOnOperation() override {
    SmallVector<std::pair<Operation *, StringRef>> ops;
    getOperation()->walk([&](Operation *op) {
      StringRef name = libmName(op);
      if (name.empty())
        return;
      auto type = dyn_cast<VectorType>(op->getResult(0).getType());
      if (!type || type.getRank() != 1 || type.isScalable() ||
          !(type.getElementType().isF32() || type.getElementType().isF64()))
        return;
      ops.emplace_back(op, name);
    });
    Rewriter rewriter(getOperation(), target);
    for (auto [op, name] : ops)
      if (failed(rewriter.rewrite(op, name)))
        return signalPassFailure();
  }

  Isa target = Isa::SSE;
};

} // namespace
