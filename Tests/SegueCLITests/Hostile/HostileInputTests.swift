import Testing

/// Issue "A build-server tool that never hurts the machine it runs on": several hundred
/// malformed or extreme inputs, generated here, each held to a documented exit code, a one-line
/// message naming the file or option, nothing left behind, a time bound and a memory bound
/// (`HostileCase.check`).
@Suite struct HostileInputTests {
    @Test(arguments: HostileImages.all) func images(_ c: HostileCase) throws { try c.check() }
    @Test(arguments: HostileTracks.all) func gesturesAndSpecs(_ c: HostileCase) throws { try c.check() }
    @Test(arguments: HostileShaders.all) func shaders(_ c: HostileCase) throws { try c.check() }
    @Test(arguments: HostileOptions.all) func options(_ c: HostileCase) throws { try c.check() }
    @Test(arguments: HostileSpecialFiles.all) func specialFiles(_ c: HostileCase) throws { try c.check() }

    @Test func enoughCases() {
        let count = HostileImages.all.count + HostileTracks.all.count + HostileShaders.all.count
            + HostileOptions.all.count + HostileSpecialFiles.all.count
        #expect(count >= 300, "\(count) cases")
    }
}
