// Written by Scripts/make-sample-pictures.py; do not edit. The hash of
// Resources/pictures.bin, so that the build sees the archive change.
#define CASCADE_SAMPLE_PICTURES_SHA256 "b5d13f90680e3df0213c0635b4eda682bbc18fc5b7fbb30bdeb9f95fb4825b6c"
