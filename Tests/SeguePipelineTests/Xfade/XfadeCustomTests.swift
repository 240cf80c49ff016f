import Foundation
import Testing
import SegueCore
import SegueTestSupport

extension GLSuite {
    /// xfade's custom transition against the installed ffmpeg's own (`XfadeOracle.checkCustom`),
    /// on both renderers, over a corpus that calls every function and reads every variable of
    /// ffmpeg 5.1's expression language (`corpus`; a test checks it covers them all).
    @Suite struct XfadeCustomTests {
        /// Each line of `xfade-custom-corpus.txt` an expression as people write them: wipes and
        /// fades, and the rest of the language. Variables are stored before they are read, and
        /// `random` is seeded from the pixel, as ffmpeg's variables carry over between pixels and
        /// threads (docs/XFADE.md). The GPU proof kit carries the same file (docs/GPU.md).
        static let corpus: [String] = {
            let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("xfade-custom-corpus.txt")
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        }()

        @Test(arguments: corpus)
        func matchesFFmpeg(_ expression: String) throws {
            try XfadeOracle.checkCustom(expression)
        }

        /// The corpus calls every function and reads every variable.
        @Test func corpusCoversTheLanguage() throws {
            var functions: Set<ExpressionFunction> = [], variables: Set<ExpressionVariable> = []
            for expression in Self.corpus {
                let syntax = try ExpressionParser.parse(expression)
                functions.formUnion(syntax.functions)
                variables.formUnion(syntax.variables)
            }
            #expect(Set(ExpressionFunction.allCases).subtracting(functions).isEmpty,
                    "not in the corpus: \(Set(ExpressionFunction.allCases).subtracting(functions).map(\.rawValue).sorted())")
            #expect(Set(ExpressionVariable.allCases).subtracting(variables).isEmpty)
        }
    }
}
