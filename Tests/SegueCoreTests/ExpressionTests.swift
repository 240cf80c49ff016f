import Testing
@testable import SegueCore

/// ffmpeg's expression language as Segue parses and evaluates it: eval.c's grammar and quirks
/// (FFmpeg 5.1 `libavutil/eval.c`, values checked against `ffmpeg -filter_complex "…xfade=
/// transition=custom:expr=…"` by hand, and by XfadeCustomTests on whole frames), and the
/// bounds that keep hostile text cheap.
@Suite struct ExpressionTests {
    /// The byte stored for an expression that reads no image, at one pixel of a 10×10 frame
    /// with P = 0.5 (its green plane; alpha is kept opaque so the colour is not premultiplied).
    func value(_ text: String, x: Int = 3, y: Int = 4) throws(SegueError) -> Double {
        let program = ExpressionProgram(try ExpressionParser.parse("if(eq(PLANE,3),255,(\(text)))"))
        var image = [UInt32](repeating: 0xFF00_0000, count: 100)
        var out = [UInt32](repeating: 0, count: 10)
        let machine = image.withUnsafeMutableBufferPointer { pixels in
            ExpressionMachine(program: program, from: UnsafePointer(pixels.baseAddress!), to: UnsafePointer(pixels.baseAddress!),
                              size: PixelSize(width: 10, height: 10), progress: 0.5)
        }
        // The machine reads the image only while rendering; `image` lives to the end of this function.
        try withExtendedLifetime(image) { () throws(SegueError) in
            let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: 10)
            defer { buffer.deallocate() }
            try machine.render(row: y, into: buffer)
            for i in 0..<10 { out[i] = buffer[i] }
        }
        // Plane 0 (green) is byte 1.
        return Double((out[x] >> 8) & 255)
    }

    @Test func operatorsFollowEvalC() throws {
        #expect(try value("1+2*3") == 7)
        #expect(try value("2^-1*100") == 50)
        #expect(try value("-2^2+10") == 6)           // the sign applies to the power
        #expect(try value("10-2-3") == 5)            // binary minus is the next term's sign
        #expect(try value("st(0,5);ld(0)+ld(1)") == 5)
        #expect(try value("1 2") == 12)              // spaces dropped first
        #expect(try value("X*10+Y") == 34)
        #expect(try value("W+H+P*2") == 21)
    }

    @Test func numbersTakeSuffixes() throws {
        #expect(try value("2k/100") == 20)
        #expect(try value("1Ki/8") == 128)
        #expect(try value("1B") == 8)
        #expect(try value("500m*100") == 50)
        #expect(try value("0x10") == 16)
        #expect(try value("20dB") == 10)
    }

    @Test func signsThatEvalCIgnores() throws {
        #expect(try value("-gauss(0)*100") == 39)
        #expect(try value("-squish(0)*100") == 50)
        #expect(try value("-lerp(0,100,0.5)") == 50)
    }

    @Test func storedAsXfadeStoresIt() throws {
        #expect(try value("300") == 44)              // the low byte of (int)300
        #expect(try value("-1") == 255)
        #expect(try value("5000000007") == 0)        // out of int range: INT_MIN
        #expect(try value("0/0") == 0)
        #expect(try value("1/0") == 0)
    }

    @Test func loopsAndSeries() throws {
        #expect(try value("st(0,1);while(lt(ld(0),10),st(0,ld(0)+1))*10") == 100)
        #expect(try value("while(0,1)") == 0)        // NaN
        #expect(try value("taylor(1,1)*10") == 27)   // e
        #expect(try value("root(ld(0)-3,10)*10") == 30)
        #expect(try value("if(gt(X,2),st(0,7),st(0,9));ld(0)") == 7)
        #expect(try value("if(gt(X,5),st(0,7),st(0,9));ld(0)") == 9)
    }

    @Test func randomIsEvalCsGenerator() throws {
        let (first, state) = ExpressionMath.randomStep(0)
        #expect(state == 1013904223)
        #expect(first == 1013904223 / Double(UInt64.max))
        #expect(try value("random(0)*1e12") == 54)   // ffmpeg's first pixel
    }

    @Test func errorsNameTheColumn() throws {
        func message(_ text: String) -> String {
            do { _ = try ExpressionParser.parse(text); return "" } catch { return error.detail }
        }
        #expect(message("A*P+foo(1)").hasPrefix("expression column 5: unknown function 'foo'"))
        #expect(message("A + Q").hasPrefix("expression column 5: unknown name 'Q'"))
        #expect(message("sin(1,2)").hasPrefix("expression column 1: sin takes 1 argument, not 2"))
        #expect(message("clip(1,2)").contains("clip takes 3 arguments, not 2"))
        #expect(message("(1+2").contains("missing ')'"))
        #expect(message("1+").contains("expression ends where a value was expected"))
        #expect(message("time(0)").contains("time() reads the clock"))
        #expect(message("  ").contains("expression is empty"))
        #expect(message("A)").contains("unexpected ')'"))
    }

    @Test func hostileTextIsRefusedCheaply() throws {
        func refused(_ text: String, _ why: String) {
            do { _ = try ExpressionParser.parse(text); Issue.record("accepted: \(why)") } catch {
                #expect(error.kind == .invalidInput, "\(why): \(error)")
            }
        }
        refused(String(repeating: "1+", count: 512 * 1024) + "1", "1 MB of text")
        refused(String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000), "nesting 10 000 deep")
        refused(String(repeating: "sin(", count: 200) + "1" + String(repeating: ")", count: 200), "functions 200 deep")
        refused(String(repeating: "1+", count: 300) + "1", "a chain taller than the limit")
        _ = try ExpressionParser.parse(String(repeating: "1+", count: 200) + "1")
    }

    @Test func aLoopThatNeverEndsStops() throws {
        do throws(SegueError) {
            _ = try value("while(1,1)")
            Issue.record("a loop that never ends returned")
        } catch {
            #expect(error.kind == .invalidInput)
            #expect(error.detail.contains("ran more than \(Limits.expressionLoopIterations) iterations"))
        }
    }

    /// A and B are straight values; the result is premultiplied again, so `A` copies a
    /// translucent image and `PLANE*60` (alpha 180) comes out premultiplied.
    @Test func translucentPixelsAreStraightInsideAndPremultipliedOutside() throws {
        let pixels: [UInt32] = [0x8040_2010, 0xFF10_2030, 0x0000_0000, 0x40_40_40_40]
        func render(_ text: String) throws -> [UInt32] {
            let program = ExpressionProgram(try ExpressionParser.parse(text))
            var out = [UInt32](repeating: 0, count: 4)
            try pixels.withUnsafeBufferPointer { image in
                let machine = ExpressionMachine(program: program, from: image.baseAddress!, to: image.baseAddress!,
                                                size: PixelSize(width: 4, height: 1), progress: 1)
                try out.withUnsafeMutableBufferPointer { try machine.render(row: 0, into: $0.baseAddress!) }
            }
            return out
        }
        #expect(try render("A") == pixels)
        // Planes G=0, B=60, R=120, A=180: straight (120, 0, 60, 180) premultiplied.
        let expected = UInt32(85) | UInt32(0) << 8 | UInt32(42) << 16 | UInt32(180) << 24
        #expect(try render("PLANE*60") == [UInt32](repeating: expected, count: 4))
    }

    @Test func workIsDoneOncePerRowAndPerPixel() throws {
        let program = ExpressionProgram(try ExpressionParser.parse("if(gt(X,W*P),B,A)"))
        // W, P and W·P are the same for a whole row; X and the comparison for every plane.
        #expect(program.rowSteps.instructions.count == 3)
        #expect(program.pixelSteps.instructions.count == 2)
        #expect(program.expansions.count == 1)
        #expect(program.planeSteps.instructions.count == 3)
    }
}
