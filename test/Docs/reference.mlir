// Runs in the normal suite only: the sanitizer build (scripts/sanitize.sh)
// neither generates docs nor installs the package.
// UNSUPPORTED: asan
// The committed dialect and pass reference (docs/reference) is what ODS
// generates; run scripts/update-docs.sh after changing a .td file.
// RUN: diff %tenferro_obj/docs/Dialects/TenferroDialect.md %tenferro_src/docs/reference/TenferroDialect.md
// RUN: diff %tenferro_obj/docs/TenferroPasses.md %tenferro_src/docs/reference/TenferroPasses.md
// RUN: diff %tenferro_obj/docs/TenferroConversionPasses.md %tenferro_src/docs/reference/TenferroConversionPasses.md
// RUN: diff %tenferro_obj/docs/TenferroLoweringPasses.md %tenferro_src/docs/reference/TenferroLoweringPasses.md
