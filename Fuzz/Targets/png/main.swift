import FuzzDriver
import SegueIO

// Any bytes through the PNG decoder, as data and as a snapshot (its colour chunks and ICC profile
// read, then converted): an error is fine; a crash, a hang or a huge allocation is not.
fuzz { bytes in
    _ = try? PNGCodec.decode(Array(bytes), name: "fuzz.png")
    _ = try? PNGCodec.snapshot(Array(bytes), name: "fuzz.png").pixels(in: .srgb)
}
