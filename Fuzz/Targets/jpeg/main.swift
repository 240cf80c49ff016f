import FuzzDriver
import SegueIO

// Any bytes through the JPEG decoder: an error is fine; a crash, a hang or a huge allocation is not.
fuzz { bytes in _ = try? JPEGCodec.decode(Array(bytes), name: "fuzz.jpg") }
