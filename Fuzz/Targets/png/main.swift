import FuzzDriver
import SegueIO

// Any bytes through the PNG decoder: an error is fine; a crash, a hang or a huge allocation is not.
fuzz { bytes in _ = try? PNGCodec.decode(Array(bytes), name: "fuzz.png") }
