// xfade's custom transition (FFmpeg libavfilter/vf_xfade.c, transition=custom; software twin:
// SegueCore ExpressionMachine and ExpressionMath). After this file the renderer places the
// expression translated to GLSL (GLExpressionTranslation): ffPixel(), the statements that are
// the same for every plane, and ffValue(plane, A, B), one plane's value. The helpers below are
// eval.c's semantics where GLSL's own differ.
uniform sampler2D u_from;
uniform sampler2D u_to;
uniform float u_progress;
// 1.0, unknown to the compiler: multiplying by it keeps the compiler from simplifying
// (a + b) − a to b, which would drop the low halves below.
uniform float u_one;
out vec4 fragColor;

// GLSL ES 3.00 has no double, and eval.c computes in double: a wipe's `gt(X, W*P)` flips a
// whole column when W·P is rounded to float. So every value is a pair of floats (hi, lo)
// whose sum carries about 48 bits (Dekker's double-float arithmetic, with the split made by
// masking bits, and every rounding error kept behind u_one); + − × ÷ and comparisons are exact to that,
// other functions are computed in float on hi.

// The pixel's column and row (X, Y), and eval.c's ten variables.
float ffX;
float ffY;
vec2 ffVars[10];
void ffPixel();
vec2 ffValue(int plane, vec2 A, vec2 B);

float ffInfinity() { return uintBitsToFloat(0x7f800000u); }
float ffNaN() { return uintBitsToFloat(0x7fc00000u); }
vec2 df(float v) { return vec2(v, 0.0); }

vec2 dfTwoSum(float a, float b) {
    float s = (a + b) * u_one;
    float bb = (s - a) * u_one;
    float t = (s - bb) * u_one;
    return vec2(s, (a - t) + (b - bb));
}
vec2 dfQuickTwoSum(float a, float b) {
    float s = (a + b) * u_one;
    return vec2(s, b - (s - a) * u_one);
}
vec2 dfSplit(float a) {
    float high = uintBitsToFloat(floatBitsToUint(a) & 0xfffff000u);
    return vec2(high, a - high);
}
vec2 dfTwoProduct(float a, float b) {
    float p = (a * b) * u_one;
    vec2 x = dfSplit(a), y = dfSplit(b);
    float e = (((x.x * y.x - p) * u_one + x.x * y.y) * u_one + x.y * y.x) * u_one + x.y * y.y;
    return vec2(p, e);
}
vec2 dfAdd(vec2 a, vec2 b) {
    vec2 s = dfTwoSum(a.x, b.x);
    if (isinf(s.x) || isnan(s.x)) return df(s.x);
    s.y += a.y + b.y;
    return dfQuickTwoSum(s.x, s.y);
}
vec2 dfMul(vec2 a, vec2 b) {
    vec2 p = dfTwoProduct(a.x, b.x);
    if (isinf(p.x) || isnan(p.x) || p.x == 0.0) return df(p.x);
    p.y += a.x * b.y + a.y * b.x;
    return dfQuickTwoSum(p.x, p.y);
}
vec2 dfDiv(vec2 a, vec2 b) {
    float q1 = a.x / b.x;
    if (isinf(q1) || isnan(q1) || b.x == 0.0 || q1 == 0.0) return df(q1);
    vec2 r = dfAdd(a, -dfMul(b, df(q1)));
    float q2 = r.x / b.x;
    return dfQuickTwoSum(q1, q2);
}
bool dfLess(vec2 a, vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }
bool dfEqual(vec2 a, vec2 b) { return a.x == b.x && a.y == b.y; }
vec2 dfFloor(vec2 a) {
    float h = floor(a.x);
    return h == a.x ? dfQuickTwoSum(h, floor(a.y)) : df(h);
}
vec2 dfCeil(vec2 a) { return -dfFloor(-a); }
vec2 dfTrunc(vec2 a) { return a.x < 0.0 || (a.x == 0.0 && a.y < 0.0) ? dfCeil(a) : dfFloor(a); }
// C's round: halves away from zero.
vec2 dfRound(vec2 a) {
    bool negative = dfLess(a, df(0.0));
    vec2 m = negative ? -a : a;
    vec2 r = dfFloor(dfAdd(m, df(0.5)));
    return negative ? -r : r;
}

// C's (int)v on x86-64: NaN and values out of range give INT32_MIN.
int ffInt(vec2 v) {
    if (!(v.x > -2147483648.0 && v.x < 2147483648.0)) return -2147483647 - 1;
    vec2 t = dfTrunc(v);
    return int(t.x) + int(t.y);
}
// The variable an index names: av_clip((int)v, 0, 9).
int ffVar(vec2 v) { return clamp(ffInt(v), 0, 9); }

// The straight (not premultiplied) level of plane 0…3 (G, B, R, A: the GBRAP order xfade
// works in) of a premultiplied texel, round(c·255/a) as the software renderer computes it.
float ffStraight(vec4 texel, int plane) {
    ivec4 v = ivec4(floor(texel * 255.0 + 0.5));
    int c = plane == 0 ? v.g : plane == 1 ? v.b : plane == 2 ? v.r : v.a;
    if (plane == 3 || v.a == 255) return float(c);
    return v.a == 0 ? 0.0 : float(min(255, (c * 255 + v.a / 2) / v.a));
}

// a0(x,y) … b3(x,y): clamped into the image (NaN reads 0), then truncated.
vec2 ffRead(sampler2D image, vec2 x, vec2 y, int plane) {
    ivec2 size = textureSize(image, 0);
    int column = x.x > 0.0 ? min(ffInt(x), size.x - 1) : 0;
    int row = y.x > 0.0 ? min(ffInt(y), size.y - 1) : 0;
    return df(ffStraight(texelFetch(image, ivec2(max(column, 0), max(row, 0)), 0), plane));
}

// C's pow: GLSL's is undefined for a negative base.
vec2 ffPow(vec2 a, vec2 b) {
    float x = a.x, y = b.x;
    if (x >= 0.0) return df(x == 0.0 ? (y > 0.0 ? 0.0 : y == 0.0 ? 1.0 : ffInfinity()) : pow(x, y));
    if (floor(y) != y) return df(ffNaN());
    float m = pow(-x, y);
    return df(mod(y, 2.0) == 1.0 ? -m : m);
}

vec2 ffGcd(vec2 a, vec2 b) {
    int x = ffInt(a), y = ffInt(b);
    if (x == 0) return df(float(y));
    if (y == 0) return df(float(x));
    x = abs(x); y = abs(y);
    for (int i = 0; i < 64 && y != 0; ++i) { int t = x - (x / y) * y; x = y; y = t; }
    return df(float(x));
}

vec2 ffClip(vec2 x, vec2 lo, vec2 hi) {
    if (isnan(x.x) || isnan(lo.x) || isnan(hi.x) || dfLess(hi, lo)) return df(ffNaN());
    return dfLess(x, lo) ? lo : dfLess(hi, x) ? hi : x;
}

// random(i)'s step: the state as a 64-bit integer (two 32-bit halves) times 1664525 plus
// 1013904223. The state is held in a float pair here, exact up to 2^48, so a chain of draws
// from one variable drifts from the software renderer's after the first (docs/XFADE.md).
vec2 ffRandom(inout vec2 state) {
    float s = isnan(state.x) || state.x < 0.0 ? 0.0 : floor(state.x);
    uint hi = uint(floor(s / 4294967296.0));
    uint lo = uint(s - float(hi) * 4294967296.0);
    uint l0 = lo & 0xffffu, l1 = lo >> 16;
    uint m = 1664525u;
    uint p0 = l0 * m, p1 = l1 * m;
    uint low = p0 + (p1 << 16);
    uint carry = (low < p0) ? 1u : 0u;
    uint high = hi * m + (p1 >> 16) + carry;
    uint sum = low + 1013904223u;
    high += (sum < low) ? 1u : 0u;
    state = dfAdd(df(float(high) * 4294967296.0), df(float(sum)));
    return df(state.x / 18446744073709551615.0);
}

// The byte xfade stores for a value: (uint8_t)(int)v.
int ffStored(vec2 v) { return ffInt(v) & 255; }

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec4 a = texelFetch(u_from, p, 0);
    vec4 b = texelFetch(u_to, p, 0);
    ffX = float(p.x);
    ffY = float(p.y);
    ffPixel();
    int g = ffStored(ffValue(0, df(ffStraight(a, 0)), df(ffStraight(b, 0))));
    int bl = ffStored(ffValue(1, df(ffStraight(a, 1)), df(ffStraight(b, 1))));
    int r = ffStored(ffValue(2, df(ffStraight(a, 2)), df(ffStraight(b, 2))));
    int al = ffStored(ffValue(3, df(ffStraight(a, 3)), df(ffStraight(b, 3))));
    // Premultiplied as the software renderer does: round(c·a/255).
    ivec3 c = ivec3(r, g, bl) * al + 128;
    ivec3 pre = al == 255 ? ivec3(r, g, bl) : (c + (c >> 8)) >> 8;
    fragColor = vec4(vec3(pre), float(al)) / 255.0;
}
