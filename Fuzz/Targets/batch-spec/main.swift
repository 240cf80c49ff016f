import Foundation
import FuzzDriver
import SeguePipeline

// Any bytes as a JSON5 batch spec, parsed and checked as `segue batch` does before rendering.
fuzz { bytes in _ = try? BatchSpec.parse(Data(bytes), file: "fuzz.json5", baseDirectory: "/nonexistent") }
