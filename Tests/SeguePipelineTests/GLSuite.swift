import Testing

/// Suites that start a GL renderer run one at a time, as in SegueGLTests.
@Suite(.serialized) enum GLSuite {}
