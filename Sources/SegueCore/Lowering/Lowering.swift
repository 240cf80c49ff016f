extension FramePlan {
    /// This plan with the rules both renderers share applied once (docs/ARCHITECTURE.md
    /// "Lowering"). `imageSizes` are the sizes of the frame's images; a blur's output joins
    /// them for the commands after it. Fails, naming the image, when the plan draws an image
    /// that is not there or feeds a reveal, a luma wipe, a user shader, a blur or sprites an
    /// image they cannot use.
    public func lowered(imageSizes: [ImageRef: PixelSize]) throws(SegueError) -> LoweredPlan {
        try PixelBuffer.checkSize(self.size, what: "frame")
        var sizes = imageSizes
        func sizeOf(_ ref: ImageRef) throws(SegueError) -> PixelSize {
            guard let s = sizes[ref] else {
                throw .invalidInput("the plan draws image '\(ref)', which is not among the frame's images")
            }
            return s
        }
        func requireCanvasSize(_ ref: ImageRef, for what: String) throws(SegueError) {
            let s = try sizeOf(ref)
            guard s == self.size else { throw .invalidInput("\(what): image '\(ref)' is \(s), the canvas \(self.size)") }
        }

        var blurs: [LoweredBlur] = []
        /// Blur outputs: the input's size and the input pixels per output texel, for the
        /// layers that draw them where the input would stand.
        var blurred: [ImageRef: (inputSize: PixelSize, scale: Double)] = [:]
        for case .blur(let pass) in commands {
            let input = try sizeOf(pass.input)
            let (level, steps) = BlurPyramid.frameSteps(sigma: pass.sigma, saturation: pass.saturation, size: input)
            let blur = LoweredBlur(pass: pass, inputSize: input, inputIsStill: blurred[pass.input] == nil && imageSizes[pass.input] != nil,
                                   level: level, steps: steps)
            sizes[blur.output] = blur.outputSize
            blurred[blur.output] = (blurred[pass.input]?.inputSize ?? input, (blurred[pass.input]?.scale ?? 1) * blur.outputScale)
            blurs.append(blur)
        }

        var drawing: [LoweredCommand] = []
        for command in commands {
            switch command {
            case .blur: continue
            case .clear(let color): drawing.append(.clear(PremultipliedColor(color)))
            case .fill(let fill): if let f = lowered(fill) { drawing.append(.fill(f)) }
            case .layer(let layer):
                let scaling = blurred[layer.source]
                guard let l = lowered(layer, sourceSize: try sizeOf(layer.source), extent: scaling?.inputSize,
                                      texelScale: scaling?.scale ?? 1) else { continue }
                if let shadow = layer.shadow.flatMap({ lowered($0, of: l) }) { drawing.append(.shadow(shadow)) }
                drawing.append(.layer(l))
            case .reveal(let reveal):
                try requireCanvasSize(reveal.inside, for: "reveal")
                try requireCanvasSize(reveal.outside, for: "reveal")
                drawing += lowered(reveal)
            case .lumaWipe(let wipe):
                for ref in [wipe.from, wipe.to, wipe.mask] { try requireCanvasSize(ref, for: "luma wipe") }
                drawing.append(.lumaWipe(wipe))
            case .sprites(let field):
                _ = try sizeOf(field.source)
                if field.tile > 0 && field.count > 0 { drawing.append(.sprites(field)) }
            case .shader(let call):
                for ref in call.inputs.values { _ = try sizeOf(ref) }
                drawing.append(.shader(call))
            case .xfade(let call):
                for ref in [call.from, call.to] { try requireCanvasSize(ref, for: "xfade \(call.transition.rawValue)") }
                drawing.append(.xfade(LoweredXfade(call, canvas: self.size)))
            case .xfadeExpression(let call):
                for ref in [call.from, call.to] { try requireCanvasSize(ref, for: "xfade custom") }
                drawing.append(.xfadeExpression(try LoweredXfadeExpression(call)))
            case .smpteWipe(let wipe):
                for ref in [wipe.from, wipe.to] { try requireCanvasSize(ref, for: "smpte wipe \(wipe.code)") }
                drawing.append(.smpteWipe(try LoweredSMPTEWipe(wipe, canvas: self.size)))
            case .pair(let pair):
                var added = pair
                added.first.blend = .plus
                added.second.blend = .plus
                let first = lowered(added.first, sourceSize: try sizeOf(pair.first.source))
                let second = lowered(added.second, sourceSize: try sizeOf(pair.second.source))
                switch (first, second) {
                case (let a?, let b?): drawing.append(.pair(lowered(a, b)))
                case (var one?, nil), (nil, var one?):
                    one.blend = .sourceOver
                    drawing.append(.layer(one))
                case (nil, nil): break
                }
            }
        }
        if let first = drawing.first, first.replacesCanvas {} else {
            drawing.insert(.clear(PremultipliedColor(.clear)), at: 0)
        }

        var steps: [LoweredStep] = []
        steps.reserveCapacity(drawing.count)
        var transparent = false
        for command in drawing {
            steps.append(LoweredStep(command: command, canvasIsTransparent: transparent))
            if case .clear(let c) = command { transparent = c.isTransparent } else { transparent = false }
        }
        return LoweredPlan(size: self.size, blurs: blurs, steps: Self.fusingCrossDissolves(steps, canvas: self.size))
    }

    /// A fill that draws something: radii fitted; nil for a transparent colour or an empty shape.
    private func lowered(_ fill: Fill) -> LoweredFill? {
        let color = PremultipliedColor(fill.color)
        guard !color.isTransparent else { return nil }
        switch fill.shape {
        case .canvas:
            return LoweredFill(shape: .canvas, color: color, blend: fill.blend)
        case .rect(let rect, let radii):
            guard rect.width > 0, rect.height > 0 else { return nil }
            return LoweredFill(shape: .rect(rect, radii.fitted(to: rect)), color: color, blend: fill.blend)
        case .circle(_, let radius):
            guard radius > 0 else { return nil }
            return LoweredFill(shape: fill.shape, color: color, blend: fill.blend)
        }
    }

    /// A layer that draws something: opacity in (0, 1], a non-empty frame, radii fitted,
    /// sampling worked out. (A frame off the canvas still casts its shadow onto it.) A blur's
    /// output is drawn as its input would be: its source rectangle is in input pixels
    /// (`extent`, the input's size, when none is given) and a texel covers `texelScale` of them.
    private func lowered(_ layer: Layer, sourceSize: PixelSize, extent: PixelSize? = nil, texelScale: Double = 1) -> LoweredLayer? {
        let opacity = clamp(layer.opacity, 0, 1)
        let f = layer.frame
        guard opacity > 0, f.width > 0, f.height > 0 else { return nil }
        let source = layer.sourceRect ?? Rect(size: extent ?? sourceSize)
        let ax = source.width / f.width, ay = source.height / f.height
        let mapping = TexelMapping(ax: ax / texelScale, bx: (source.x - f.x * ax) / texelScale - 0.5,
                                   ay: ay / texelScale, by: (source.y - f.y * ay) / texelScale - 0.5)
        let radii = layer.cornerRadii.fitted(to: f)
        func isInteger(_ v: Double) -> Bool { v == v.rounded() && abs(v) < 1e9 }
        let isTexelCopy = texelScale == 1 && radii.isZero && source.width == f.width && source.height == f.height
            && [f.x, f.y, f.width, f.height, source.x, source.y].allSatisfy(isInteger)
            && source.minX >= 0 && source.minY >= 0
            && source.maxX <= Double(sourceSize.width) && source.maxY <= Double(sourceSize.height)
        return LoweredLayer(source: layer.source, sourceSize: sourceSize, frame: f, radii: radii, opacity: opacity,
                            blend: layer.blend, mapping: mapping, isTexelCopy: isTexelCopy)
    }

    /// Both layers of a pair and the pixels they can touch.
    private func lowered(_ first: LoweredLayer, _ second: LoweredLayer) -> LoweredPair {
        let minX = min(first.frame.minX, second.frame.minX), maxX = max(first.frame.maxX, second.frame.maxX)
        let minY = min(first.frame.minY, second.frame.minY), maxY = max(first.frame.maxY, second.frame.maxY)
        func span(_ lo: Double, _ hi: Double, _ n: Int) -> Range<Int> {
            let a = Int(clamp(lo.rounded(.down), 0, Double(n))), b = Int(clamp(hi.rounded(.up), 0, Double(n)))
            return a < b ? a..<b : 0..<0
        }
        return LoweredPair(first: first, second: second, columns: span(minX, maxX, size.width), rows: span(minY, maxY, size.height))
    }

    /// The shadow of a drawn layer, its colour faded by the layer's opacity; nil when transparent.
    private func lowered(_ shadow: Shadow, of layer: LoweredLayer) -> LoweredShadow? {
        let color = PremultipliedColor(shadow.color.withAlpha(shadow.color.a * layer.opacity))
        guard !color.isTransparent else { return nil }
        return LoweredShadow(rect: layer.frame.offsetBy(dx: shadow.offset.x, dy: shadow.offset.y),
                             sigma: max(shadow.sigma, 0), color: color)
    }

    /// A reveal of a non-empty shape; an empty shape shows `outside` alone, a plain copy.
    private func lowered(_ reveal: ShapeReveal) -> [LoweredCommand] {
        if let lowered = reveal.lowered { return [.reveal(lowered)] }
        let canvas = Rect(size: self.size)
        let copy = LoweredLayer(source: reveal.outside, sourceSize: self.size, frame: canvas, radii: .zero, opacity: 1, blend: .sourceOver,
                                mapping: TexelMapping(ax: 1, bx: -0.5, ay: 1, by: -0.5), isTexelCopy: true)
        return [.clear(PremultipliedColor(.clear)), .layer(copy)]
    }
}

extension FramePlan {
    /// `steps` with each cross-dissolve (a clear to transparent and the canvas-filling `plus`
    /// layers after it) replaced by one `mix` step, which replaces the canvas.
    static func fusingCrossDissolves(_ steps: [LoweredStep], canvas: PixelSize) -> [LoweredStep] {
        var fused: [LoweredStep] = []
        var rest = steps[...]
        while let step = rest.first {
            if let mix = CrossDissolve(leading: rest, canvas: canvas) {
                // It replaces the canvas, then adds onto its own first pass: never onto a clear canvas.
                fused.append(LoweredStep(command: .mix(mix), canvasIsTransparent: false))
                rest.removeFirst(mix.stepCount)
            } else {
                fused.append(step)
                rest.removeFirst()
            }
        }
        return fused
    }
}

extension LoweredCommand {
    /// Whether the command sets every pixel of the canvas without reading it.
    var replacesCanvas: Bool {
        switch self {
        case .clear, .reveal, .lumaWipe, .shader, .xfade, .xfadeExpression, .smpteWipe, .mix: return true
        case .fill, .shadow, .layer, .sprites, .pair: return false
        }
    }
}
