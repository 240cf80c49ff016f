#ifndef SEGUE_DISPATCH_H
#define SEGUE_DISPATCH_H

// A kernel compiled twice on x86-64 Linux, for AVX2 and for the baseline, the loader picking
// one for the running CPU (`target_clones`).
#if defined(__x86_64__) && defined(__linux__) && defined(__clang__)
#define SEGUE_DISPATCHED __attribute__((target_clones("avx2", "default")))
#else
#define SEGUE_DISPATCHED
#endif

#endif
