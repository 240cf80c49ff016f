import FuzzDriver
import SegueIO

// Any bytes through the JPEG decoder, as data and as a snapshot (its ICC segments joined, the
// profile read, then converted): an error is fine; a crash, a hang or a huge allocation is not.
fuzz { bytes in
    _ = try? JPEGCodec.decode(Array(bytes), name: "fuzz.jpg")
    _ = try? JPEGCodec.snapshot(Array(bytes), name: "fuzz.jpg").pixels(in: .srgb)
}
