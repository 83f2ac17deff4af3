// SPDX-License-Identifier: Apache-2.0
// zinnia (Debian's libzinnia, the handwriting recogniser of Tegaki and Mozc) for Swift. zinnia
// trusts a model's contents once its size matches its header, so CaretHandwriting reads the
// whole layout first (ZinniaModelFile) and hands zinnia only a model it can walk to the end.
#ifndef CARET_CZINNIA_SHIM_H
#define CARET_CZINNIA_SHIM_H

#include <zinnia.h>

#endif
