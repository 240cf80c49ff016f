// segue: effect circle-reveal
uniform sampler2D u_outside;         // inputs: set by the effect's plan (bound by sampler name)
uniform vec4 u_circle;               // effect uniforms: centre x, y, radius, feather in pixels
uniform vec4 rim; // = vec4(1.0, 0.8, 0.2, 1.0)   a parameter of this file
in vec2 v_uv;                        // canvas position / size, top-left origin
out vec4 fragColor;                  // premultiplied; replaces the canvas

void main() {
    float d = length(gl_FragCoord.xy - u_circle.xy) - u_circle.z;
    fragColor = d < 0.0 ? rim : texture(u_outside, v_uv);
}
```

