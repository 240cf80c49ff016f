import Foundation
import FuzzDriver
import SeguePipeline

// Any bytes as a gesture track (JSON when it starts with `{`, CSV otherwise), then turned into
// the driver a render would use.
fuzz { bytes in
    guard let track = try? GestureTrack.parse(Data(bytes), name: "fuzz.gesture") else { return }
    _ = try? track.driver(duration: 0.5)
}
