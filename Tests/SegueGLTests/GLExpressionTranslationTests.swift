import Testing
import SegueCore
@testable import SegueGL

/// The GLSL an xfade custom expression becomes (`GLExpressionTranslation`): every node is
/// written once, so no expression the parser accepts makes a shader too large to compile.
@Suite struct GLExpressionTranslationTests {
    /// Nested roots, loops and branches do not copy what they nest: the text grows with the
    /// nodes (and the indentation with the depth), not exponentially with the depth.
    @Test func textDoesNotMultiplyWithNesting() throws {
        func glsl(_ depth: Int, _ wrap: (String) -> String) throws -> Int {
            var text = "ld(0)"
            for _ in 0..<depth { text = wrap(text) }
            return GLExpressionTranslation.glsl(try ExpressionParser.parse(text)).utf8.count
        }
        for wrap in [{ "root(\($0)-1,2)" }, { "while(lt(ld(0),\($0)),st(0,ld(0)+1))" }, { "taylor(\($0),0.5)" },
                     { "if(gt(X,1),st(0,\($0)),st(0,2))" }] as [(String) -> String] {
            let sizes = try [4, 8, 16].map { try glsl($0, wrap) }
            // Quadratic growth (the indentation) makes the second step at most 4× the first.
            #expect(sizes[2] - sizes[1] <= 4 * (sizes[1] - sizes[0]), "\(wrap("x")) 4, 8, 16 deep: \(sizes) bytes")
        }
    }

    /// A double is a float pair whose sum is the nearest to it (0.7 is not a float).
    @Test func literalsKeepTheirLowHalf() {
        #expect(GLExpressionTranslation.literal(0.7) == "vec2(0.7, 1.1920929e-08)")
        #expect(GLExpressionTranslation.literal(2) == "vec2(2.0, 0.0)")
        #expect(GLExpressionTranslation.literal(.infinity) == "df(ffInfinity())")
    }
}
