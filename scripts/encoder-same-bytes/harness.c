// The seeded images of scripts/encoder-same-bytes.sh: each encoded by rg_zlib_rgba_rows three ways (rows compared,
// rows told by row_starts, the scalar path), written one after another with a header line each to argv[1].
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "rg_codec_internal.h"
void rg_buffer_free(rg_buffer *b) { free(b->data); b->data = NULL; b->length = b->capacity = 0; }
static uint64_t s = 0x1234;
static uint64_t rnd(void) { s += 0x9E3779B97F4A7C15ull; uint64_t z = s; z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull; z = (z ^ (z >> 27)) * 0x94D049BB133111EBull; return z ^ (z >> 31); }
int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: harness OUTPUT\n"); return 2; }
    FILE *f = fopen(argv[1], "wb");
    if (!f) { perror(argv[1]); return 1; }
    for (int round = 0; round < 400; round++) {
        uint32_t w, h;
        if (round == 0) { w = 1000; h = 10000; }
        else if (round == 1) { w = 1170; h = 2532; }
        else if (round == 2) { w = 40; h = 30000; }
        else if (round % 10 == 0) { w = 1 + rnd() % 3000; h = 1 + rnd() % 3000; }
        else { w = 1 + rnd() % 200; h = 1 + rnd() % 300; }
        size_t stride = (size_t)w * 4;
        uint8_t *px = malloc(stride * h);
        uint8_t *starts = malloc(h);
        int repeat = rnd() % 100;
        int kind = rnd() % 3;
        for (uint32_t y = 0; y < h; y++) {
            starts[y] = 1;
            if (y > 0 && (int)(rnd() % 100) < repeat) { memcpy(px + y * stride, px + (y - 1) * stride, stride); starts[y] = 0; continue; }
            for (uint32_t x = 0; x < w; x++) {
                uint64_t v = rnd();
                uint8_t *p = px + y * stride + x * 4;
                if (kind == 0) { p[0] = v; p[1] = v >> 8; p[2] = v >> 16; }
                else if (kind == 1) { uint8_t c = (v % 3) * 120; p[0] = c; p[1] = c; p[2] = 255 - c; }
                else { p[0] = (x / 7 + y) & 0xFF; p[1] = 40; p[2] = (x % 13 == 0) ? v : 9; }
                p[3] = 255;
            }
        }
        for (int mode = 0; mode < 3; mode++) {
            rg_buffer out = {0};
            int rc = rg_zlib_rgba_rows(px, w, h, mode == 1 ? starts : NULL, mode == 2, &out);
            fprintf(f, "round %d mode %d rc %d len %zu\n", round, mode, rc, out.length);
            fwrite(out.data, 1, out.length, f);
            rg_buffer_free(&out);
        }
        free(px); free(starts);
    }
    fclose(f);
    return 0;
}
