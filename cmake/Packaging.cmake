# SPDX-License-Identifier: Apache-2.0
# Debian packages of the CMake build, made by CPack's DEB generator (docs/packaging.md):
#   cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DCARET_STATIC_SWIFT_RUNTIME=ON
#   cmake --build build && (cd build && cpack -G DEB)
# CPack because Caret already installs with CMake (components map onto packages, and
# dpkg-shlibdeps names the binaries' Debian dependencies); dpkg-buildpackage would need a
# second description of the same build in debian/rules.
set(CPACK_PACKAGE_NAME caret)
set(CPACK_PACKAGE_VENDOR "Caret")
# Who answers for the packages: set it to your organisation's address when you publish them
# (lintian names the placeholder's host as bogus).
set(CARET_PACKAGE_MAINTAINER "Caret developers <caret@localhost>" CACHE STRING "The packages' Maintainer field")
set(CPACK_PACKAGE_CONTACT "${CARET_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "UIKit-style text input widgets drawn in an SDL2 window")
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_CURRENT_SOURCE_DIR}/LICENSE)
set(CPACK_GENERATOR DEB)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_STRIP_FILES ON)
set(CPACK_COMPONENTS_ALL data dev kiosk engines)

# Fonts, icons, layouts, word lists: what every Caret app reads (architecture-independent).
set(CPACK_DEBIAN_DATA_PACKAGE_NAME caret-data)
set(CPACK_DEBIAN_DATA_PACKAGE_ARCHITECTURE all)
set(CPACK_DEBIAN_DATA_PACKAGE_SECTION misc)
if(CARET_DEJAVU_FONT_DIR)
  # Its DejaVu fonts are links to Debian's (CMakeLists.txt, CARET_DEJAVU_FONT_DIR).
  set(CPACK_DEBIAN_DATA_PACKAGE_DEPENDS "fonts-dejavu-core, fonts-dejavu-extra")
endif()
set(CPACK_COMPONENT_DATA_DESCRIPTION "Caret's assets: fonts, icons, keyboard layouts and word lists
 The files every app built on Caret reads at run time, in
 /usr/share/caret/Assets.")

# Building apps: static libraries, Swift modules, C shims' headers, CMake package.
set(CPACK_DEBIAN_DEV_PACKAGE_NAME libcaret-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
  "caret-data (= ${PROJECT_VERSION}-1), libsdl2-dev, libsdl2-image-dev, libharfbuzz-dev, libfreetype-dev, libfontconfig-dev, libicu-dev, libdbus-1-dev, libatk-bridge2.0-dev, libatk1.0-dev, libglib2.0-dev, pkg-config")
set(CPACK_COMPONENT_DEV_DESCRIPTION "Caret's libraries and Swift modules for building apps
 Static libraries, Swift modules (built with Swift
 ${CMAKE_Swift_COMPILER_VERSION}: an app is built with the same Swift), the C
 shims' headers and find_package(Caret). Swift itself is not a Debian 12
 package: install it from swift.org.")

# The check-in kiosk with its systemd units (KMS/DRM, or a cage session) and its user.
set(CPACK_DEBIAN_KIOSK_PACKAGE_NAME caret-kiosk)
set(CPACK_DEBIAN_KIOSK_PACKAGE_SECTION x11)
set(CPACK_DEBIAN_KIOSK_PACKAGE_SHLIBDEPS ON)
# ICU is opened when text is first segmented, and at-spi2-atk with GIO when a screen reader may
# listen, so dpkg-shlibdeps cannot see them: named here, ICU's package of the version Caret was
# built against (libicu72 on Debian 12).
string(REGEX MATCH "^[0-9]+" CARET_ICU_MAJOR "${CARET_ICU_icu-uc_VERSION}")
set(CPACK_DEBIAN_KIOSK_PACKAGE_DEPENDS
  "caret-data (= ${PROJECT_VERSION}-1), adduser, libicu${CARET_ICU_MAJOR}, libatk-bridge2.0-0, libglib2.0-0")
# An English-only kiosk needs none of the engines: each is opened when its language is chosen.
set(CPACK_DEBIAN_KIOSK_PACKAGE_RECOMMENDS "cage")
set(CPACK_DEBIAN_KIOSK_PACKAGE_SUGGESTS "caret-engines, libsdl2-image-2.0-0")
set(CPACK_DEBIAN_KIOSK_PACKAGE_CONTROL_EXTRA
  "${CMAKE_CURRENT_SOURCE_DIR}/Packaging/debian/postinst;${CMAKE_CURRENT_SOURCE_DIR}/Packaging/debian/prerm;${CMAKE_CURRENT_SOURCE_DIR}/Packaging/debian/postrm")
set(CPACK_DEBIAN_KIOSK_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_COMPONENT_KIOSK_DESCRIPTION "Caret's check-in kiosk, full screen, with systemd units
 A start screen, a form typed on Caret's on-screen keyboard and a confirmation,
 reset after 90 s without input. Units (not enabled on install): caret-kiosk
 (straight on KMS/DRM) and caret-kiosk-cage (in a cage Wayland session), run as
 user caret-kiosk on tty1 and restarted when they fail. Languages that compose
 (Korean, Japanese, Chinese, Vietnamese, Indic) and spelling, speech and
 handwriting need caret-engines.")

# Every engine's library and data: what the kiosk opens when a guest chooses a language.
set(CPACK_DEBIAN_ENGINES_PACKAGE_NAME caret-engines)
set(CPACK_DEBIAN_ENGINES_PACKAGE_ARCHITECTURE all)
# It holds no program of its own, only dependencies: a metapackage.
set(CPACK_DEBIAN_ENGINES_PACKAGE_SECTION metapackages)
set(CPACK_DEBIAN_ENGINES_PACKAGE_DEPENDS
  "libhangul1, librime1, librime-bin, rime-data-luna-pinyin, rime-data-bopomofo, rime-data-cangjie5, libanthy1, anthy-common, libm17n-0, m17n-db, libhunspell-1.7-0, hunspell-en-us, libespeak-ng1, espeak-ng-data, libzinnia0, tegaki-zinnia-japanese, tegaki-zinnia-simplified-chinese, fonts-noto-cjk")
set(CPACK_COMPONENT_ENGINES_DESCRIPTION "The libraries and data of every engine Caret can open
 libhangul (Korean), librime with its Chinese schemas, anthy (Japanese),
 libm17n with m17n-db (Vietnamese Telex, ITRANS), Hunspell with an English
 dictionary, espeak-ng (spoken mode) and zinnia with the Tegaki models
 (handwriting), and the CJK fonts. Caret opens each the first time its language
 or feature is chosen. Their licences (LGPL, GPL-3 for librime and espeak-ng)
 are stated in /usr/share/doc/caret-engines/README.")
file(WRITE ${CMAKE_BINARY_DIR}/caret-engines-README
  "caret-engines: the libraries and data of Caret's engines, pulled in as dependencies.\n\n"
  "Caret opens each library (dlopen) the first time its language or feature is chosen; none is\n"
  "linked. What each licence means for an app is stated in Caret's README, \"Licences\".\n")
install(FILES ${CMAKE_BINARY_DIR}/caret-engines-README DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/caret-engines RENAME README COMPONENT engines)

# Each package's copyright and Debian changelog, as Debian policy asks of every package.
file(WRITE ${CMAKE_BINARY_DIR}/changelog.Debian
  "caret (${PROJECT_VERSION}-1) unstable; urgency=medium\n\n"
  "  * Packaged with CPack from Caret's CMake build.\n\n"
  " -- ${CPACK_PACKAGE_CONTACT}  Sat, 28 Nov 2026 00:00:00 +0000\n")
execute_process(COMMAND gzip -9nf ${CMAKE_BINARY_DIR}/changelog.Debian)
foreach(component data dev kiosk engines)
  string(TOUPPER ${component} upper)
  install(FILES ${CMAKE_CURRENT_SOURCE_DIR}/Packaging/debian/copyright ${CMAKE_BINARY_DIR}/changelog.Debian.gz
    DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${CPACK_DEBIAN_${upper}_PACKAGE_NAME} COMPONENT ${component})
endforeach()

include(CPack)
