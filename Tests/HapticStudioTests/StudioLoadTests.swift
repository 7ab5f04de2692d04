import Testing

/// The tests that load the machine — floods of connections, large analyses, thousands of unread replies — nested
/// here so that they run one after the other (each measures times or memory another would disturb), beside the
/// other suites.
@Suite(.serialized) enum StudioLoadTests {}
