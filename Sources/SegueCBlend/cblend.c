/* The plain C blend of two RGBA frames: the bound Segue's software fade is measured against.
 *
 * One file, two uses:
 *   - the Benchmarks package compiles cblend_lerp into its kernel benchmarks (Benchmarks/Sources/CBlend);
 *   - `segue bench --compare-ffmpeg` carries this file inside the binary (the SegueCBlend target embeds
 *     it) and compiles it on the machine it measures with
 *     `cc -O3 -march=native -pthread -DCBLEND_TIMING_MAIN`, which adds the timing program below.
 */
#include <stddef.h>
#include <stdint.h>

/* dst = (a·(256 − t) + b·t + 128) >> 8 per byte, t in 0…256. */
void cblend_lerp(const uint8_t *restrict a, const uint8_t *restrict b, uint8_t *restrict dst, size_t count, unsigned t) {
    const unsigned s = 256 - t;
    for (size_t i = 0; i < count; i++) {
        dst[i] = (uint8_t)((a[i] * s + b[i] * t + 128) >> 8);
    }
}

#ifdef CBLEND_TIMING_MAIN
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* One thread's share of a frame: a contiguous run of bytes, as the renderer's bands are. */
typedef struct { const uint8_t *a, *b; uint8_t *dst; size_t count; unsigned t; } cblend_job;

static void *cblend_run_job(void *argument) {
    const cblend_job *job = argument;
    cblend_lerp(job->a, job->b, job->dst, job->count, job->t);
    return 0;
}

/* Usage: cblend PIXELS FRAMES THREADS. Prints the ms per frame of 5 timed runs (after one warm-up
 * run) of blending FRAMES frames of PIXELS RGBA pixels on THREADS threads, one line each. */
int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: %s PIXELS FRAMES THREADS\n", argv[0]); return 64; }
    const size_t n = (size_t)atol(argv[1]) * 4;
    const int frames = atoi(argv[2]);
    int threads = atoi(argv[3]);
    if (threads < 1) threads = 1;
    if (threads > 64) threads = 64;
    uint8_t *a = malloc(n), *b = malloc(n), *d = malloc(n);
    if (!a || !b || !d || frames < 1) { fprintf(stderr, "cblend: cannot allocate the frames\n"); return 70; }
    for (size_t i = 0; i < n; i++) { a[i] = (uint8_t)(i * 7); b[i] = (uint8_t)(i * 13 + 5); d[i] = 0; }
    pthread_t tid[64];
    cblend_job jobs[64];
    for (int run = 0; run < 6; run++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        for (int f = 0; f < frames; f++) {
            for (int k = 0; k < threads; k++) {
                size_t lo = n * k / threads, hi = n * (k + 1) / threads;
                jobs[k] = (cblend_job){ a + lo, b + lo, d + lo, hi - lo, (unsigned)(f * 256 / frames) };
                pthread_create(&tid[k], 0, cblend_run_job, &jobs[k]);
            }
            for (int k = 0; k < threads; k++) pthread_join(tid[k], 0);
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (run > 0) printf("%f\n", ((t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6) / frames);
    }
    printf("# %u\n", d[n / 2]); /* uses the result: the loops cannot be dropped */
    return 0;
}
#endif
