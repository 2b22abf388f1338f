/// Action methods that AppKit and UIKit objects of the responder chain implement themselves, so
/// that an action sent to First Responder with one of these selectors is handled without app code:
/// the standard key-binding actions of `NSResponder` (`NSStandardKeyBindingResponding`), the
/// editing, font, spelling, substitution, writing-direction and speech actions of `NSText` and
/// `NSTextView`, the actions of `NSWindow`, `NSApplication`, `NSDocument`, `NSDocumentController`,
/// `NSWindowController`, `NSSplitViewController`, `NSTabView`, `NSFontManager`, `NSColorPanel`,
/// `WebView`/`WKWebView` and `PDFView`, and UIKit's `UIResponderStandardEditActions` and menu
/// commands (from Apple's class references and the menus of Xcode's templates).
extension FrameworkMembers {
    static let responderActions: Set<String> = actions.union([
        // NSResponder: standard key bindings
        "insertText:", "insertNewline:", "insertTab:", "insertBacktab:", "insertLineBreak:", "insertParagraphSeparator:",
        "insertNewlineIgnoringFieldEditor:", "insertTabIgnoringFieldEditor:", "insertContainerBreak:",
        "insertSingleQuoteIgnoringSubstitution:", "insertDoubleQuoteIgnoringSubstitution:",
        "moveUp:", "moveDown:", "moveLeft:", "moveRight:", "moveForward:", "moveBackward:",
        "moveWordForward:", "moveWordBackward:", "moveWordLeft:", "moveWordRight:",
        "moveToBeginningOfLine:", "moveToEndOfLine:", "moveToBeginningOfParagraph:", "moveToEndOfParagraph:",
        "moveToBeginningOfDocument:", "moveToEndOfDocument:", "moveToLeftEndOfLine:", "moveToRightEndOfLine:",
        "moveUpAndModifySelection:", "moveDownAndModifySelection:", "moveLeftAndModifySelection:", "moveRightAndModifySelection:",
        "moveForwardAndModifySelection:", "moveBackwardAndModifySelection:", "moveWordForwardAndModifySelection:",
        "moveWordBackwardAndModifySelection:", "moveWordLeftAndModifySelection:", "moveWordRightAndModifySelection:",
        "moveToBeginningOfLineAndModifySelection:", "moveToEndOfLineAndModifySelection:",
        "moveToBeginningOfParagraphAndModifySelection:", "moveToEndOfParagraphAndModifySelection:",
        "moveToBeginningOfDocumentAndModifySelection:", "moveToEndOfDocumentAndModifySelection:",
        "moveToLeftEndOfLineAndModifySelection:", "moveToRightEndOfLineAndModifySelection:",
        "moveParagraphForwardAndModifySelection:", "moveParagraphBackwardAndModifySelection:",
        "pageUp:", "pageDown:", "pageUpAndModifySelection:", "pageDownAndModifySelection:",
        "scrollPageUp:", "scrollPageDown:", "scrollLineUp:", "scrollLineDown:",
        "scrollToBeginningOfDocument:", "scrollToEndOfDocument:", "centerSelectionInVisibleArea:",
        "transpose:", "transposeWords:", "indent:", "complete:", "cancelOperation:",
        "deleteForward:", "deleteBackward:", "deleteBackwardByDecomposingPreviousCharacter:", "deleteWordForward:",
        "deleteWordBackward:", "deleteToBeginningOfLine:", "deleteToEndOfLine:", "deleteToBeginningOfParagraph:",
        "deleteToEndOfParagraph:", "yank:", "selectWord:", "selectLine:", "selectParagraph:", "selectToMark:",
        "setMark:", "deleteToMark:", "swapWithMark:", "capitalizeWord:", "lowercaseWord:", "uppercaseWord:",
        "changeCaseOfLetter:", "quickLookPreviewItems:", "showContextHelp:", "noop:", "flagsChanged:",
        "makeBaseWritingDirectionNatural:", "makeBaseWritingDirectionLeftToRight:", "makeBaseWritingDirectionRightToLeft:",
        "makeTextWritingDirectionNatural:", "makeTextWritingDirectionLeftToRight:", "makeTextWritingDirectionRightToLeft:",
        // NSText / NSTextView
        "pasteAsPlainText:", "pasteAsRichText:", "pasteFont:", "pasteRuler:", "copyFont:", "copyRuler:",
        "alignLeft:", "alignRight:", "alignCenter:", "alignJustified:", "toggleRuler:", "underline:", "subscript:",
        "superscript:", "unscript:", "raiseBaseline:", "lowerBaseline:", "turnOffKerning:", "useStandardKerning:",
        "loosenKerning:", "tightenKerning:", "turnOffLigatures:", "useStandardLigatures:", "useAllLigatures:",
        "toggleTraditionalCharacterShape:", "outline:", "orderFrontLinkPanel:", "orderFrontListPanel:",
        "orderFrontSpacingPanel:", "orderFrontTablePanel:", "orderFrontSubstitutionsPanel:", "toggleGrammarChecking:",
        "toggleAutomaticSpellingCorrection:", "toggleAutomaticQuoteSubstitution:", "toggleAutomaticDashSubstitution:",
        "toggleAutomaticLinkDetection:", "toggleAutomaticDataDetection:", "toggleAutomaticTextReplacement:",
        "toggleAutomaticTextCompletion:", "toggleSmartInsertDelete:", "checkTextInDocument:", "checkTextInSelection:",
        "toggleBaseWritingDirection:", "changeLayoutOrientation:", "changeAttributes:", "changeColor:", "changeFont:",
        "changeDocumentBackgroundColor:", "showFindIndicatorForRange:", "startDictation:", "orderFrontFontPanel:",
        "uppercaseWord:", "capitalizeWord:", "smartInsertDelete:", "performFindPanelAction:", "toggleQuickLookPreviewPanel:",
        "orderFrontSharingServicePicker:", "showWritingTools:",
        // NSFontManager, NSColorPanel
        "addFontTrait:", "removeFontTrait:", "modifyFont:", "modifyFontViaPanel:", "orderFrontStylesPanel:",
        "orderFrontColorPanel:", "showFontPanel:",
        // NSWindow, NSApplication, NSWindowController
        "miniaturize:", "deminiaturize:", "zoom:", "selectNextKeyView:", "selectPreviousKeyView:", "toggleTabBar:",
        "selectNextTab:", "selectPreviousTab:", "newWindowForTab:", "mergeAllWindows:", "moveTabToNewWindow:",
        "toggleTabOverview:", "orderFrontStandardAboutPanelWithOptions:", "activateContextHelpMode:",
        "toggleTouchBarCustomizationPalette:", "toggleToolbarShown:", "runToolbarCustomizationPalette:", "stop:",
        // NSDocument, NSDocumentController
        "saveDocumentTo:", "saveAllDocuments:", "printDocument:", "duplicateDocument:", "renameDocument:",
        "moveDocument:", "moveDocumentToUbiquityContainer:", "browseDocumentVersions:", "lockDocument:",
        "unlockDocument:", "clearRecentDocuments:", "closeAll:", "revertDocumentToSaved:", "newDocument:",
        "openDocument:", "saveDocument:", "saveDocumentAs:", "runPageLayout:", "print:",
        // NSSplitViewController, NSTabView, NSOutlineView, NSBrowser, NSScrollView
        "toggleSidebar:", "toggleInspector:", "takeSelectedTabViewItemFromSender:", "collapseItem:", "expandItem:",
        "magnifyToFit:",
        // WebView / WKWebView / PDFView
        "goBack:", "goForward:", "reload:", "reloadFromOrigin:", "stopLoading:", "makeTextLarger:", "makeTextSmaller:",
        "makeTextStandardSize:", "takeStringURLFrom:", "zoomIn:", "zoomOut:", "zoomToActualSize:", "goToFirstPage:",
        "goToLastPage:", "goToNextPage:", "goToPreviousPage:",
        // UIKit: UIResponderStandardEditActions and menu commands
        "select:", "find:", "findNext:", "findPrevious:", "findAndReplace:", "useSelectionForFind:",
        "toggleBoldface:", "toggleItalics:", "toggleUnderline:", "increaseSize:", "decreaseSize:",
        "rename:", "duplicate:", "move:", "export:", "pasteAndMatchStyle:", "pasteAndGo:", "pasteAndSearch:",
        "alignLeft:", "alignCenter:", "alignRight:", "alignJustified:", "newFromPasteboard:",
    ])
}
