/**
 * What a photo that cannot be read is told, in the form's photo (photoUploadMachine) and in a
 * handover's (crewStopMachine): a module of its own, so the crew's page does not load the form's
 * upload machine for one sentence.
 */
export const UNREADABLE_PHOTO =
  'This picture could not be read. Please choose a photo: JPEG, PNG, WebP or GIF.';
