import Testing
import SegueCore

extension GLSuite {
    /// GStreamer's SMPTE wipes against the installed GStreamer's smptealpha (SMPTEOracle): a
    /// sample in `make test`, every wipe in `make test-full`.
    @Suite struct SMPTEOracleTests {
        @Test(arguments: SMPTEOracle.wipes)
        func matchesGStreamer(_ transition: SMPTETransition) throws {
            try SMPTEOracle.check(transition)
        }
    }
}
