/// GL Transitions sources the tests share.
public enum TestShaders {
    /// A transition whose first frame takes minutes: llvmpipe caps loop iterations, so two
    /// billion steps of 32 `sin`s each stand in for an endless loop. For the per-frame time limit.
    public static let runaway = """
    #define S c += sin(c * 1.0001 + float(i));
    #define S4 S S S S
    #define S16 S4 S4 S4 S4
    vec4 transition(vec2 uv) {
      vec4 c = vec4(uv, progress, 1.0);
      for (int i = 0; i < 2000000000; i++) { S16 S16 }
      return c;
    }
    """
}
