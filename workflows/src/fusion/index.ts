export * from './calibration';
export * from './cuboid';
export * from './projection';
export * from './calibration-files';
export * from './kitti';
export * from './camera-box-keyframes';
export * from './coordinate-systems';
export * from './ego-motion';
