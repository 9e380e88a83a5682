//===- ProgramGenerator.cpp - valid random tenferro programs from bytes ---===//

#include "ProgramGenerator.h"

#include <string>
#include <vector>

using namespace mlir::tenferro::fuzz;

namespace {

/// Reads choices from the fuzzer's bytes; zeros once they run out.
class Choices {
public:
  Choices(const uint8_t *data, size_t size) : data(data), size(size) {}
  unsigned pick(unsigned n) { return n ? next() % n : 0; }
  bool flip() { return next() & 1; }
  bool empty() const { return pos >= size; }

private:
  uint8_t next() { return pos < size ? data[pos++] : 0; }
  const uint8_t *data;
  size_t size;
  size_t pos = 0;
};

// Values are grouped by shape class: a matrix [R, C], column vectors [R],
// row vectors [C] and scalars []. Every op below maps classes to classes,
// so every generated operand has a type the op accepts.
enum Kind { Matrix, VecR, VecC, Scalar, NumKinds };

struct Program {
  std::string dtype;
  int64_t rows, cols;
  std::vector<std::string> values[NumKinds];
  std::string body;
  std::vector<std::string> args;
  int next = 0;

  std::string type(Kind k) const {
    switch (k) {
    case Matrix:
      return "tensor<" + std::to_string(rows) + "x" + std::to_string(cols) +
             "x" + dtype + ">";
    case VecR:
      return "tensor<" + std::to_string(rows) + "x" + dtype + ">";
    case VecC:
      return "tensor<" + std::to_string(cols) + "x" + dtype + ">";
    default:
      return "tensor<" + dtype + ">";
    }
  }
  std::string fresh() { return "%v" + std::to_string(next++); }
  std::string pickValue(Choices &c, Kind k) {
    std::vector<std::string> &vs = values[k];
    // Recent values mostly, so chains form; any value sometimes, so that
    // values live long and regions get outputs.
    if (c.flip())
      return vs.back();
    return vs[c.pick(vs.size())];
  }
  void emit(Kind k, const std::string &rhs) {
    std::string v = fresh();
    body += "  " + v + " = " + rhs + "\n";
    values[k].push_back(v);
  }
};

const char *kUnary[] = {"negate", "exp", "tanh", "abs",  "sqrt",
                        "log",    "sin", "cos",  "sign", "rsqrt"};
const char *kBinary[] = {"add",     "subtract", "multiply", "divide",
                         "maximum", "minimum",  "pow"};

void step(Program &p, Choices &c) {
  std::string R = std::to_string(p.rows), C = std::to_string(p.cols);
  std::string shape = "[" + R + ", " + C + "]";
  switch (c.pick(9)) {
  case 0: { // unary elementwise
    Kind k = Kind(c.pick(NumKinds));
    std::string x = p.pickValue(c, k);
    p.emit(k, std::string("tenferro.") + kUnary[c.pick(10)] + " " + x + " : " +
                  p.type(k));
    break;
  }
  case 1:
  case 2: { // binary elementwise, same shape
    Kind k = c.pick(3) ? Matrix : Kind(c.pick(NumKinds));
    std::string a = p.pickValue(c, k), b = p.pickValue(c, k);
    p.emit(k, std::string("tenferro.") + kBinary[c.pick(7)] + " " + a + ", " +
                  b + " : " + p.type(k));
    break;
  }
  case 3: { // scalar times matrix (implicit broadcast)
    std::string s = p.pickValue(c, Scalar), m = p.pickValue(c, Matrix);
    p.emit(Matrix, "tenferro.multiply " + s + ", " + m + " : " +
                       p.type(Scalar) + ", " + p.type(Matrix));
    break;
  }
  case 4: { // broadcast, often followed by a multiply (pairs, triplets)
    bool col = c.flip();
    std::string v = p.pickValue(c, col ? VecR : VecC);
    p.emit(Matrix, "tenferro.broadcast_in_dim " + v + ", dims = [" +
                       (col ? "0" : "1") + "] to " + shape + " : " +
                       p.type(col ? VecR : VecC));
    if (c.pick(3)) {
      std::string bc = p.values[Matrix].back();
      std::string other = c.flip() ? bc : p.pickValue(c, Matrix);
      p.emit(Matrix,
             "tenferro.multiply " + bc + ", " + other + " : " + p.type(Matrix));
    }
    break;
  }
  case 5: { // reduction
    std::string m = p.pickValue(c, Matrix);
    unsigned axes = c.pick(3);
    Kind k = axes == 0 ? VecC : axes == 1 ? VecR : Scalar;
    const char *op = c.flip() ? "reduce_sum" : "reduce_max";
    p.emit(k, std::string("tenferro.") + op + " " + m + ", axes = " +
                  (axes == 0   ? "[0]"
                   : axes == 1 ? "[1]"
                               : "[0, 1]") +
                  " : " + p.type(Matrix));
    break;
  }
  case 6: { // host boundary
    std::string m = p.pickValue(c, Matrix);
    std::string v = p.fresh();
    p.body += "  " + v + " = tenferro.shape_of " + m +
              ", axis = " + std::to_string(c.pick(2)) + " : " + p.type(Matrix) +
              "\n";
    break;
  }
  case 7: { // transpose (square matrices keep their class)
    if (p.rows != p.cols)
      return;
    p.emit(Matrix, "tenferro.transpose " + p.pickValue(c, Matrix) +
                       ", perm = [1, 0] : " + p.type(Matrix));
    break;
  }
  default: { // FFI boundary: an extension reads a matrix
    std::string m = p.pickValue(c, Matrix);
    std::string v = p.fresh();
    p.body += "  " + v + " = tenferro.extension \"fuzz.ext.v1\"(" + m +
              ") inputs 1 outputs 1 : (" + p.type(Matrix) + ") -> " +
              p.type(Matrix) + "\n";
    p.values[Matrix].push_back(v);
    break;
  }
  }
}

} // namespace

std::string
mlir::tenferro::fuzz::generateProgram(const uint8_t *data, size_t size,
                                      std::string &pipelineOptions) {
  Choices c(data, size);
  auto flag = [](bool b) { return b ? "true" : "false"; };
  pipelineOptions = std::string("enable-fusion=") + flag(c.pick(4) != 0);
  bool parallel = c.pick(4) == 0;
  pipelineOptions += std::string(" parallel-loops=") + flag(parallel);
  // The programs are a few elements: every parallel loop would run on one
  // thread, and the OpenMP lowering would go untested.
  if (parallel)
    pipelineOptions += " parallel-min-work=0";
  pipelineOptions += std::string(" donate-inputs=") + flag(c.pick(4) == 0);
  const unsigned widths[] = {8, 4, 0, 8};
  pipelineOptions += " vector-width=" + std::to_string(widths[c.pick(4)]);
  // libmvec's AVX-512 variants: the fuzzer only lowers, nothing runs.
  pipelineOptions += std::string(" vector-math=") +
                     (c.pick(2) == 0 ? "libmvec-avx512" : "libm");

  Program p;
  p.dtype = c.flip() ? "f32" : "f64";
  p.rows = 1 + c.pick(5);
  p.cols = c.flip() ? p.rows : 1 + c.pick(5);
  for (Kind k : {Matrix, Matrix, VecR, VecC, Scalar}) {
    std::string a = "%a" + std::to_string(p.args.size());
    p.args.push_back(a + ": " + p.type(k));
    p.values[k].push_back(a);
  }
  unsigned steps = 1 + c.pick(48);
  for (unsigned i = 0; i < steps && !c.empty(); ++i)
    step(p, c);

  // Return one value of each class that has more than its arguments, and
  // the last matrix, so that most of the program is live.
  std::vector<std::string> rets, types;
  for (Kind k : {Matrix, VecR, VecC, Scalar}) {
    if (p.values[k].empty())
      continue;
    rets.push_back(p.values[k].back());
    types.push_back(p.type(k));
  }
  std::string out = "func.func @fuzz(";
  for (size_t i = 0; i < p.args.size(); ++i)
    out += (i ? ", " : "") + p.args[i];
  out += ") -> (";
  for (size_t i = 0; i < types.size(); ++i)
    out += (i ? ", " : "") + types[i];
  out += ") {\n" + p.body + "  return ";
  for (size_t i = 0; i < rets.size(); ++i)
    out += (i ? ", " : "") + rets[i];
  out += " : ";
  for (size_t i = 0; i < types.size(); ++i)
    out += (i ? ", " : "") + types[i];
  out += "\n}\n";
  return out;
}
