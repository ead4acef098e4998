// Written by Scripts/make-sample-pictures.py; do not edit. The hash of
// Resources/pictures.bin, so that the build sees the archive change.
#define CASCADE_SAMPLE_PICTURES_SHA256 "451e340aaa5949b1663b186eb6e2d7edd28e5d11a49b6a859481c85066e385ec"
