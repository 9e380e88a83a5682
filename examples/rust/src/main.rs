//! A Rust program that compiles a tenferro program through the C API
//! (include/tenferro-c/Runtime.h) and runs it on its own arrays: softmax
//! over the columns of a 4 x 1000 matrix, checked against Rust's own
//! arithmetic. Raw FFI, no crates.

use std::ffi::{c_char, c_int, c_uint, CStr, CString};
use std::ptr;

#[repr(C)]
#[derive(Clone, Copy)]
struct Tensor {
    dtype: c_int,
    rank: usize,
    shape: *mut i64,
    data: *mut std::ffi::c_void,
}

#[repr(C)]
struct CompileOptions {
    fusion: c_int,
    vector_width: c_uint,
    compile_threads: c_uint,
    exact_math: c_int,
    pipeline_options: *const c_char,
}

#[repr(C)]
struct Executable {
    _private: [u8; 0],
}

const F64: c_int = 1;

extern "C" {
    fn tenferroCompileOptionsInit(options: *mut CompileOptions);
    fn tenferroCompile(
        module_text: *const c_char,
        entry: *const c_char,
        options: *const CompileOptions,
        error: *mut *mut c_char,
    ) -> *mut Executable;
    fn tenferroRun(
        executable: *mut Executable,
        inputs: *const Tensor,
        num_inputs: usize,
        outputs: *mut Tensor,
        num_outputs: usize,
        error: *mut *mut c_char,
    ) -> c_int;
    fn tenferroTensorRelease(tensor: *mut Tensor);
    fn tenferroExecutableDestroy(executable: *mut Executable);
    fn tenferroStringFree(string: *mut c_char);
}

/// The message of a failed call, freed.
unsafe fn take_error(error: *mut c_char) -> String {
    if error.is_null() {
        return "(no message)".into();
    }
    let message = CStr::from_ptr(error).to_string_lossy().into_owned();
    tenferroStringFree(error);
    message
}

// softmax over axis 0 of a 4 x 1000 matrix: exp(x - max) / sum.
const PROGRAM: &str = r#"
func.func @softmax(%x: tensor<4x1000xf64>) -> tensor<4x1000xf64> {
  %m = tenferro.reduce_max %x, axes = [0] : tensor<4x1000xf64>
  %mb = tenferro.broadcast_in_dim %m, dims = [1] to [4, 1000] : tensor<1000xf64>
  %d = tenferro.subtract %x, %mb : tensor<4x1000xf64>
  %e = tenferro.exp %d : tensor<4x1000xf64>
  %s = tenferro.reduce_sum %e, axes = [0] : tensor<4x1000xf64>
  %sb = tenferro.broadcast_in_dim %s, dims = [1] to [4, 1000] : tensor<1000xf64>
  %p = tenferro.divide %e, %sb : tensor<4x1000xf64>
  return %p : tensor<4x1000xf64>
}
"#;

fn main() {
    let (rows, cols) = (4usize, 1000usize);
    // Column-major: element (i, j) at j * rows + i.
    let x: Vec<f64> = (0..rows * cols)
        .map(|k| ((k * 7919) % 1000) as f64 / 100.0 - 5.0)
        .collect();
    let mut shape = [rows as i64, cols as i64];

    unsafe {
        let mut options = CompileOptions {
            fusion: 0,
            vector_width: 0,
            compile_threads: 0,
            exact_math: 0,
            pipeline_options: ptr::null(),
        };
        tenferroCompileOptionsInit(&mut options);
        let text = CString::new(PROGRAM).unwrap();
        let entry = CString::new("softmax").unwrap();
        let mut error: *mut c_char = ptr::null_mut();
        let exe = tenferroCompile(text.as_ptr(), entry.as_ptr(), &options, &mut error);
        if exe.is_null() {
            eprintln!("compile failed: {}", take_error(error));
            std::process::exit(1);
        }
        let input = Tensor {
            dtype: F64,
            rank: 2,
            shape: shape.as_mut_ptr(),
            data: x.as_ptr() as *mut _,
        };
        let mut output = Tensor { dtype: 0, rank: 0, shape: ptr::null_mut(), data: ptr::null_mut() };
        if tenferroRun(exe, &input, 1, &mut output, 1, &mut error) != 0 {
            eprintln!("run failed: {}", take_error(error));
            std::process::exit(1);
        }
        let out_shape = std::slice::from_raw_parts(output.shape, output.rank);
        let p = std::slice::from_raw_parts(output.data as *const f64, rows * cols);

        let mut worst = 0.0f64;
        for j in 0..cols {
            let column = &x[j * rows..(j + 1) * rows];
            let max = column.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            let sum: f64 = column.iter().map(|v| (v - max).exp()).sum();
            for i in 0..rows {
                let want = (column[i] - max).exp() / sum;
                worst = worst.max(((p[j * rows + i] - want) / want).abs());
            }
        }
        println!("softmax: shape {:?}, largest relative difference {:.1e}", out_shape, worst);
        let ok = out_shape == [rows as i64, cols as i64] && worst < 1e-14;
        tenferroTensorRelease(&mut output);

        // A mismatched input is an error message, not a crash.
        let mut wrong = [rows as i64, 999];
        let bad = Tensor { shape: wrong.as_mut_ptr(), ..input };
        let status = tenferroRun(exe, &bad, 1, &mut output, 1, &mut error);
        println!("mismatch: status {}, {}", status, take_error(error));
        tenferroExecutableDestroy(exe);
        if !ok {
            eprintln!("wrong results");
            std::process::exit(1);
        }
    }
    println!("rust: compiled and ran @softmax through the C API");
}
