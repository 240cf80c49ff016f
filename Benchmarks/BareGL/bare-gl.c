/*
 * bare-gl: the floor for Segue's GL fade (issue 12, item 4). The least a program can do to
 * produce the same frames on the same GL: EGL surfaceless (Mesa llvmpipe here) + OpenGL ES 3,
 * one full-screen draw mixing two RGBA8 textures per frame, read back and written to stdout as
 * raw RGBA, as `segue render fade --backend gl -f raw -o -` does.
 *
 *   bare-gl [WIDTH HEIGHT FRAMES [pbo]] > /dev/null      (default 1920 1080 121)
 *
 * `pbo` reads back through two pixel-buffer objects, frame n's copy overlapping frame n+1's
 * draw; without it each frame is drawn, read with a plain glReadPixels and written.
 * Build: make -C Benchmarks bare-gl. Compare: docs/ARCHITECTURE.md "Speed".
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what) {
    fprintf(stderr, "bare-gl: %s (EGL 0x%x, GL 0x%x)\n", what, eglGetError(), glGetError());
    exit(1);
}

static GLuint compile(GLenum type, const char *text) {
    GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &text, NULL);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) fail("shader did not compile");
    return shader;
}

/* An opaque RGBA8 image that is neither flat nor periodic, so nothing is cheap to sample. */
static GLuint texture(int width, int height, uint32_t seed) {
    uint8_t *pixels = malloc((size_t)width * height * 4);
    if (!pixels) fail("out of memory");
    for (size_t i = 0; i < (size_t)width * height; i++) {
        seed = seed * 1664525u + 1013904223u;
        pixels[4 * i] = (uint8_t)(i % width * 255 / width) ^ (uint8_t)(seed >> 24);
        pixels[4 * i + 1] = (uint8_t)(i / width * 255 / height);
        pixels[4 * i + 2] = (uint8_t)(seed >> 16);
        pixels[4 * i + 3] = 255;
    }
    GLuint id;
    glGenTextures(1, &id);
    glBindTexture(GL_TEXTURE_2D, id);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, width, height);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    free(pixels);
    return id;
}

int main(int argc, char **argv) {
    int width = argc > 3 ? atoi(argv[1]) : 1920, height = argc > 3 ? atoi(argv[2]) : 1080;
    int frames = argc > 3 ? atoi(argv[3]) : 121;
    int pbo = argc > 4 && strcmp(argv[4], "pbo") == 0;
    if (width <= 0 || height <= 0 || frames <= 0) fail("usage: bare-gl [WIDTH HEIGHT FRAMES [pbo]]");

    EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL)) fail("no surfaceless EGL display");
    /* Drawing goes to a framebuffer object: no surface, no config (EGL_KHR_no_config_context). */
    eglBindAPI(EGL_OPENGL_ES_API);
    const EGLint contextAttributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    EGLContext context = eglCreateContext(display, (EGLConfig)0, EGL_NO_CONTEXT, contextAttributes);
    if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context))
        fail("no ES3 context");

    GLuint program = glCreateProgram();
    glAttachShader(program, compile(GL_VERTEX_SHADER,
        "#version 300 es\n"
        "void main() { vec2 p = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 4.0 - 1.0;\n"
        "  gl_Position = vec4(p, 0.0, 1.0); }\n"));
    glAttachShader(program, compile(GL_FRAGMENT_SHADER,
        "#version 300 es\nprecision highp float;\n"
        "uniform sampler2D u_from, u_to; uniform float u_progress; out vec4 color;\n"
        "void main() { ivec2 p = ivec2(gl_FragCoord.xy);\n"
        "  color = mix(texelFetch(u_from, p, 0), texelFetch(u_to, p, 0), u_progress); }\n"));
    glLinkProgram(program);
    glUseProgram(program);
    glUniform1i(glGetUniformLocation(program, "u_from"), 0);
    glUniform1i(glGetUniformLocation(program, "u_to"), 1);
    GLint progress = glGetUniformLocation(program, "u_progress");
    glActiveTexture(GL_TEXTURE0);
    texture(width, height, 1);
    glActiveTexture(GL_TEXTURE1);
    texture(width, height, 2);

    GLuint framebuffer, renderbuffer, array;
    glGenRenderbuffers(1, &renderbuffer);
    glBindRenderbuffer(GL_RENDERBUFFER, renderbuffer);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffer);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) fail("framebuffer incomplete");
    glGenVertexArrays(1, &array);
    glBindVertexArray(array);
    glViewport(0, 0, width, height);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);

    size_t bytes = (size_t)width * height * 4;
    uint8_t *frame = malloc(bytes);
    GLuint buffers[2];
    if (!frame) fail("out of memory");
    if (pbo) {
        glGenBuffers(2, buffers);
        for (int i = 0; i < 2; i++) {
            glBindBuffer(GL_PIXEL_PACK_BUFFER, buffers[i]);
            glBufferData(GL_PIXEL_PACK_BUFFER, (GLsizeiptr)bytes, NULL, GL_STREAM_READ);
        }
    }
    /* With PBOs, frame n - 1 is written after frame n is drawn and its read started. */
    for (int n = 0; n <= frames; n++) {
        if (n < frames) {
            glUniform1f(progress, frames > 1 ? (float)n / (float)(frames - 1) : 0.0f);
            glDrawArrays(GL_TRIANGLES, 0, 3);
            if (pbo) {
                glBindBuffer(GL_PIXEL_PACK_BUFFER, buffers[n % 2]);
                glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
                glFlush();
            } else {
                glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, frame);
                if (fwrite(frame, 1, bytes, stdout) != bytes) fail("write failed");
            }
        }
        if (pbo && n > 0) {
            glBindBuffer(GL_PIXEL_PACK_BUFFER, buffers[(n - 1) % 2]);
            const void *mapped = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, (GLsizeiptr)bytes, GL_MAP_READ_BIT);
            if (!mapped || fwrite(mapped, 1, bytes, stdout) != bytes) fail("read back or write failed");
            glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
        }
    }
    if (glGetError() != GL_NO_ERROR) fail("GL error");
    return fflush(stdout) == 0 ? 0 : 1;
}
