import NibModel

extension FindingCode {
    public static let simulatedMetricsContainer = FindingCode("simulated-metrics-container")
}

/// `simulated-metrics-container` (xiblint `no_simulated_metrics`): a source still holds a
/// `<simulatedMetricsContainer>`, which Xcode 9 stopped writing: the file was last saved by an
/// older Xcode. Sources only. A house rule, off by default.
struct NoSimulatedMetricsRule: NibRule {
    static let info = RuleInfo(
        .simulatedMetricsContainer, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.xiblint("no_simulated_metrics")], offByDefault: true,
        "The source holds a simulatedMetricsContainer, which Xcode 9 and later no longer write (once per file).")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard let file = context.sourceFileOnce else { return }
        file.walk { e, ancestors in
            guard e.name == "simulatedMetricsContainer" else { return }
            out.add(e, ancestors: ancestors, "SimulatedMetricsContainers should be removed (resave with Xcode 9 or later)",
                    fix: "Open the file in a current Xcode and save it")
        }
    }
}
