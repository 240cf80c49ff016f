import Testing
import SegueCore
@testable import segue

private func run(_ args: [String]) throws -> String {
    let command = try TimingCommand.parse(args)
    return try command.output()
}

@Test func printsValuesAtInputs() throws {
    #expect(try run(["easeIn", "--at", "0.1,0.5"]) == "0.1 0.01702660965156294\n0.5 0.31535681257253934\n")
    #expect(try run(["spring", "--at", "-0.5,0"]) == "-0.5 0.0\n0.0 0.0\n")
    let json = try run(["spring(mass:1,stiffness:100,damping:10,velocity:0)", "--at", "0.05, 2", "--json"])
    #expect(json == "[{\"at\": 0.05, \"value\": 0.10440547345507933}, {\"at\": 2.0, \"value\": 1.0000242939948036}]\n")
}

@Test func describesSprings() throws {
    let text = try run(["spring(duration:0.5,bounce:0.3)", "--describe"])
    #expect(text.contains("stiffness 157.91367") && text.contains("dampingRatio 0.7") && text.contains("settlingTime 0.818"))
    #expect(try run(["spring(dampingRatio:1)", "--describe", "--duration", "0.3"]).contains("stiffness 947."))
}

@Test func errorsAreOneLineWithExitCodes() throws {
    for (args, code) in [(["spring(stiffness:-1)", "--at", "1"], Int32(65)), (["cubic-bezier(2,0,1,1)", "--at", "1"], 65),
                         (["easeIn"], 64), (["easeIn", "--at", "nan"], 64), (["easeIn", "--describe", "--json"], 64)] {
        do {
            _ = try run(args)
            Issue.record("accepted \(args)")
        } catch let error as SegueError {
            #expect(error.exitCode == code && !error.message.contains("\n"), "\(args): \(error.message)")
        }
    }
    do { _ = try run(["cubic-bezier(2,0,1,1)", "--at", "1"]) } catch let error as SegueError {
        #expect(error.message == "timing 'cubic-bezier(2,0,1,1)': x1 and x2 must be in [0, 1]")
    }
}
