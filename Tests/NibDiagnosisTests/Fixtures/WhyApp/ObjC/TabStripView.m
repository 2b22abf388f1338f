#import "TabStripView.h"

@implementation TabStripView

- (void)layoutSubviews {
    [super layoutSubviews];
    for (UIButton *tab in self.tabs) {
        tab.selected = NO;
    }
}

@end
